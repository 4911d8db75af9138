import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { LicenceNotice } from '../../../src/client/forms/questionnaire/licence-notice';
import { i18n } from '../../../src/client/i18n';
import { loadQuestionnaireCatalog } from '../../../src/forms/node';
import { shippedQuestionnaires } from '../../fixtures/questionnaires/shipped';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let engine: ClientFormEngine;
let schemasDir: string;
beforeAll(async () => {
  ({ engine, schemasDir } = await shippedQuestionnaires());
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('en'));
});

async function renderNotice(lang: 'en' | 'tr') {
  await act(() => i18n.changeLanguage(lang));
  const questionnaire = loadQuestionnaireCatalog({ schemasDir }).get('home-routines', 1);
  render(
    <I18nextProvider i18n={i18n}>
      <FormEngineProvider engine={engine}>
        <LicenceNotice questionnaire={questionnaire} />
      </FormEngineProvider>
    </I18nextProvider>,
  );
  return screen.findByRole('complementary', { name: lang === 'tr' ? 'Lisans' : 'Licence' });
}

describe('LicenceNotice of a shipped questionnaire', () => {
  it('names the holder in the words of the page language when the questionnaire gives them', async () => {
    const notice = await renderNotice('tr');
    expect(notice).toHaveTextContent('Lisans sahibi: Bu platformun örnek içeriği');
    // no English on a Turkish page
    expect(notice).not.toHaveTextContent('Example content');
  });

  it('in English, the English words', async () => {
    const notice = await renderNotice('en');
    expect(notice).toHaveTextContent('Licence holder: Example content of this platform');
  });
});
