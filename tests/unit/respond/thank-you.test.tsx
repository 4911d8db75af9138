import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../src/client/i18n';
import type { RespondentHelp } from '../../../src/client/respond/respond-api';
import { Screen } from '../../../src/client/respond/respond-page';

const HELP: RespondentHelp = {
  text: 'You do not have to deal with this alone.',
  lines: [
    { name: 'Emergency', phone: '112' },
    { name: 'Youth line', phone: '0800 123 45 67' },
  ],
};

async function renderThanks(lang: 'en' | 'tr', help?: RespondentHelp, respondent?: string) {
  await act(() => i18n.changeLanguage(lang));
  await act(async () => {
    await i18n.loadNamespaces(['respond', 'common']);
  });
  const noop = async () => undefined;
  render(
    <I18nextProvider i18n={i18n}>
      <Screen
        view={{ kind: 'thanks', help, respondent }}
        token="t"
        code={undefined}
        open={noop}
        onDone={() => undefined}
        onClosed={() => undefined}
      />
    </I18nextProvider>,
  );
}

afterEach(cleanup);
afterAll(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe("the respondent's thank-you page", () => {
  it('is as before when no answer raised a flag: thanks, and no help', async () => {
    await renderThanks('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'If you need help now' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("shows the questionnaire's own words and each support line as a number to call", async () => {
    await renderThanks('en', HELP);
    const help = screen.getByRole('region', { name: 'If you need help now' });
    expect(help).toHaveTextContent('You do not have to deal with this alone.');
    expect(screen.getByRole('link', { name: 'Emergency 112: call this number' })).toHaveAttribute(
      'href',
      'tel:112',
    );
    expect(screen.getByRole('link', { name: 'Youth line 0800 123 45 67: call this number' })).toHaveAttribute(
      'href',
      'tel:08001234567',
    );
    // words only: no score, band or number beyond the lines to call
    expect(help.textContent).not.toMatch(/score|elevated|typical/i);
  });

  it('says "sen" to a young person in Turkish, as their questionnaire does, and "siz" to a guardian', async () => {
    await renderThanks('tr', { text: null, lines: [{ name: 'Acil çağrı', phone: '112' }] }, 'self');
    expect(
      screen.getByText('Yanıtların psikoloğuna gönderildi. Bu sayfayı artık kapatabilirsin.'),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Şimdi yardıma ihtiyacın varsa' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Acil çağrı 112: bu numarayı ara' })).toBeVisible();
    cleanup();
    await renderThanks('tr', undefined, 'guardian');
    expect(
      screen.getByText('Yanıtlarınız psikoloğunuza gönderildi. Bu sayfayı artık kapatabilirsiniz.'),
    ).toBeVisible();
  });

  it('says it in Turkish', async () => {
    await renderThanks('tr', { text: null, lines: [{ name: 'Acil çağrı', phone: '112' }] });
    expect(screen.getByRole('heading', { level: 1, name: 'Teşekkür ederiz' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Şimdi yardıma ihtiyacınız varsa' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Acil çağrı 112: bu numarayı arayın' })).toHaveAttribute(
      'href',
      'tel:112',
    );
  });
});
