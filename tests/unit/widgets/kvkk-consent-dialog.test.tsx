import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KvkkConsentDialog } from '../../../src/client/forms/widgets/kvkk-consent-dialog';
import { i18n } from '../../../src/client/i18n';

describe('KVKK consent dialog', () => {
  it('fetches its text if it is not in yet, and offers only cancelling until it is shown (ADR 009)', async () => {
    const texts = i18n.getResourceBundle('en', 'kvkk');
    // as on a page where the dialog has not opened yet: the namespace neither loaded nor asked for
    i18n.removeResourceBundle('en', 'kvkk');
    delete (i18n.services.backendConnector as unknown as { state: Record<string, number> }).state['en|kvkk'];
    const onAccept = vi.fn();
    render(<KvkkConsentDialog onAccept={onAccept} onCancel={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    // the interface language's own word while the Turkish text loads
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading...');
    expect(within(dialog).queryByRole('button', { name: 'Kabul Ediyorum' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();

    expect(await screen.findByRole('dialog', { name: texts.title })).toBeInTheDocument();
    expect(within(dialog).getByText(texts.intro)).toBeInTheDocument();
    await act(async () => within(dialog).getByRole('button', { name: 'Kabul Ediyorum' }).click());
    expect(onAccept).toHaveBeenCalledOnce();
  });
});

describe('KVKK consent dialog in English', () => {
  it('shows an English translation beside the Turkish text, which is marked as the binding one', async () => {
    await i18n.loadNamespaces('kvkk');
    const texts = i18n.getResourceBundle('en', 'kvkk');
    render(<KvkkConsentDialog onAccept={() => undefined} onCancel={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: texts.title });
    const binding = within(dialog).getByRole('region', { name: 'Turkish text (legally binding)' });
    expect(binding).toHaveAttribute('lang', 'tr');
    expect(within(binding).getByText(texts.intro)).toBeInTheDocument();
    const translation = within(dialog).getByRole('region', { name: /^English translation/ });
    expect(translation).toHaveAttribute('lang', 'en');
    expect(within(translation).getByText(/Under Law No\. 6698/)).toBeInTheDocument();
    expect(within(translation).getByText(/at most 10 years.*within 30 days/)).toBeInTheDocument();
    // the answers stay the spec's Turkish words
    expect(within(dialog).getByRole('button', { name: 'Kabul Ediyorum' })).toBeInTheDocument();
  });

  it('shows only the Turkish text in Turkish', async () => {
    await act(() => i18n.changeLanguage('tr'));
    await act(async () => {
      await i18n.loadNamespaces('kvkk');
    });
    try {
      render(<KvkkConsentDialog onAccept={() => undefined} onCancel={() => undefined} />);
      const dialog = await screen.findByRole('dialog', { name: 'KVKK Açık Rıza Metni' });
      expect(within(dialog).queryByText(/Under Law No\. 6698/)).toBeNull();
      expect(within(dialog).queryByRole('region')).toBeNull();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
