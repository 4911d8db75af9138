import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../src/client/i18n';
import { renderWidgets } from './render-widgets';

const VALID_ID = '10000000146';

/** Focuses the ID field and dismisses the KVKK modal it opens the first time. */
async function typeId(user: Awaited<ReturnType<typeof renderWidgets>>['user'], text: string) {
  const input = screen.getByRole('textbox', { name: /^Turkish ID number/ });
  await user.click(input);
  const dialog = screen.queryByRole('dialog');
  if (dialog) await user.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
  await user.type(input, text);
  return input;
}

describe('national ID widget', () => {
  it('fetches the KVKK consent text when it is drawn, before its first focus opens the dialog', async () => {
    // as on a page that has not needed the consent text yet
    i18n.removeResourceBundle('en', 'kvkk');
    delete (i18n.services.backendConnector as unknown as { state: Record<string, number> }).state['en|kvkk'];
    await renderWidgets();
    await waitFor(() => expect(i18n.hasResourceBundle('en', 'kvkk')).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps digits only and at most 11 of them', async () => {
    const { user, data } = await renderWidgets();
    const input = await typeId(user, '12a3-45 678901234');
    expect(input).toHaveValue('12345678901');
    await user.tab();
    expect(data()?.nationalId).toBe('12345678901');
    expect(input).toHaveAttribute('inputmode', 'numeric');
  });

  it('shows the inline error only at 11 digits that fail the checksum, announced to screen readers', async () => {
    const { user } = await renderWidgets();
    const input = await typeId(user, '1234567890');
    expect(screen.queryByText('Please enter a valid Turkish ID number')).not.toBeInTheDocument();
    await user.type(input, '1');
    const message = screen.getByRole('alert');
    expect(message).toHaveTextContent('Please enter a valid Turkish ID number');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid Turkish ID number'),
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, VALID_ID);
    expect(screen.queryByText('Please enter a valid Turkish ID number')).not.toBeInTheDocument();
  });

  it('opens the Turkish KVKK consent modal on first focus; accepting sets kvkkConsent and tells the screen', async () => {
    const onKvkkConsent = vi.fn();
    const { user, data } = await renderWidgets({ formContext: { onKvkkConsent } });
    const input = screen.getByRole('textbox', { name: /^Turkish ID number/ });
    await user.click(input);
    const dialog = screen.getByRole('dialog', { name: 'KVKK Açık Rıza Metni' });
    // the Turkish parts are marked Turkish; an English translation sits beside them in English
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveAttribute('lang', 'tr');
    expect(within(dialog).getByRole('region', { name: 'Turkish text (legally binding)' })).toHaveAttribute(
      'lang',
      'tr',
    );
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('en fazla 10 yıl');
    expect(dialog).toHaveTextContent('30 gün içinde silinir');
    expect(dialog).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Kabul Ediyorum' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onKvkkConsent).toHaveBeenCalledWith(true);
    expect(data()?.kvkkConsent).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'KVKK consent' })).toBeChecked();
    expect(input).toHaveFocus();
    await user.tab();
    await user.click(input);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the digits typed as the first focus opens the modal, and does not open it again once accepted', async () => {
    const { user, data } = await renderWidgets();
    const input = screen.getByRole('textbox', { name: /^Turkish ID number/ });
    await user.click(input);
    const dialog = screen.getByRole('dialog', { name: 'KVKK Açık Rıza Metni' });
    // the first digits land on the dialog, which has focus: the field keeps them
    await user.keyboard('10');
    expect(input).toHaveValue('10');
    await user.click(within(dialog).getByRole('button', { name: 'Kabul Ediyorum' }));
    expect(input).toHaveFocus();
    await user.keyboard('000000146');
    expect(input).toHaveValue(VALID_ID);
    await user.tab();
    expect(data()?.nationalId).toBe(VALID_ID);
    await user.click(input);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancelling (Vazgeç or Escape) gives no consent and does not reopen on the next focus', async () => {
    const onKvkkConsent = vi.fn();
    const { user, data } = await renderWidgets({ formContext: { onKvkkConsent } });
    const input = screen.getByRole('textbox', { name: /^Turkish ID number/ });
    await user.click(input);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onKvkkConsent).toHaveBeenLastCalledWith(false);
    expect(data()?.kvkkConsent).not.toBe(true);
    expect(input).toHaveFocus();
    await user.tab({ shift: true });
    await user.click(input);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // the consent stays reachable
    await user.click(screen.getByRole('button', { name: 'Read and accept the KVKK consent text' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Kabul Ediyorum' }));
    expect(data()?.kvkkConsent).toBe(true);
  });

  it('keeps Tab inside the modal', async () => {
    const { user } = await renderWidgets();
    await user.click(screen.getByRole('textbox', { name: /^Turkish ID number/ }));
    const dialog = screen.getByRole('dialog');
    const accept = within(dialog).getByRole('button', { name: 'Kabul Ediyorum' });
    accept.focus();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab({ shift: true });
    expect(accept).toHaveFocus();
  });

  it('does not open the modal when the screen already has consent', async () => {
    const { user } = await renderWidgets({ formContext: { kvkkConsent: true } });
    await user.click(screen.getByRole('textbox', { name: /^Turkish ID number/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('KVKK consent given')).toBeInTheDocument();
  });
});
