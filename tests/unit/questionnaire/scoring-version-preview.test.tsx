import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QuestionnairePreview } from '../../../src/client/features/dev-forms/questionnaire-preview';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { i18n } from '../../../src/client/i18n';
import { loadQuestionnaireCatalog } from '../../../src/forms/node';
import type { QuestionnaireCatalog } from '../../../src/forms/questionnaires';
import { precompiledEngine } from '../../fixtures/forms/precompiled-engine';
import { QUESTIONNAIRE_LOCALES, QUESTIONNAIRE_SCHEMAS } from '../../fixtures/questionnaires/files';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let engine: ClientFormEngine;
let root: string;
let catalog: QuestionnaireCatalog;

beforeAll(async () => {
  engine = await precompiledEngine(QUESTIONNAIRE_SCHEMAS, QUESTIONNAIRE_LOCALES);
  // an author adds scoring 4 of mini v2 beside scoring 3, as files only: "high" now starts at 5, not 3
  root = mkdtempSync(join(tmpdir(), 'scoring-version-'));
  cpSync(QUESTIONNAIRE_SCHEMAS, root, { recursive: true });
  const raised = loadQuestionnaireCatalog({ schemasDir: root }).get('mini', 2).scoring;
  writeFileSync(
    join(root, 'questionnaires/mini/v2.scoring.v4.json'),
    JSON.stringify({
      ...raised,
      version: 4,
      scales: [
        {
          ...raised.scales[0]!,
          bands: [
            { id: 'low', min: 0, max: 4, severity: 'none' },
            { id: 'high', min: 5, max: 6, severity: 'moderate' },
          ],
        },
      ],
    }),
  );
  catalog = loadQuestionnaireCatalog({ schemasDir: root });
});
afterEach(cleanup);
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await act(() => i18n.changeLanguage('en'));
});

function renderPreview(scoringVersion?: number) {
  render(
    <I18nextProvider i18n={i18n}>
      <FormEngineProvider engine={engine}>
        <QuestionnairePreview
          questionnaire={catalog.get('mini', 2, scoringVersion)}
          data={{ often: 2, calm: 1 }}
          onChange={() => {}}
          idPrefix="preview"
        />
      </FormEngineProvider>
    </I18nextProvider>,
  );
}

describe('the live scoring preview with a raised scoring version', () => {
  it('scores with the newest scoring version when none is named: 4 is "Low" under scoring 4', async () => {
    renderPreview();
    const row = await screen.findByRole('row', { name: /Total/ });
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('4');
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('Low');
  });

  it('scores a response pinned to scoring 3 with scoring 3: the same 4 is "High"', async () => {
    renderPreview(3);
    const row = await screen.findByRole('row', { name: /Total/ });
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('4');
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('High');
  });
});
