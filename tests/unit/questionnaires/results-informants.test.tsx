import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { QuestionnaireResults } from '../../../src/client/features/patients/api/types';
import { ResultsView } from '../../../src/client/features/patients/results-view';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { i18n } from '../../../src/client/i18n';
import { loadQuestionnaireCatalog } from '../../../src/forms/node';
import type { ScaleResult, ScoreResult } from '../../../src/forms/questionnaires';
import { questionnaireEngine } from '../../fixtures/questionnaires/engine';
import { QUESTIONNAIRE_SCHEMAS } from '../../fixtures/questionnaires/files';

const engine = questionnaireEngine();

const mini = loadQuestionnaireCatalog({ schemasDir: QUESTIONNAIRE_SCHEMAS }).get('mini', 2);
const high = { id: 'high', labelKey: '_scales.total.bands.high', severity: 'moderate' } as const;
const point = (responseId: string, submittedAt: string, respondent: 'teacher' | 'guardian' | null) => ({
  responseId,
  respondent,
  submittedAt,
  questionnaireVersion: 2,
  scoringVersion: 1,
  score: 5,
  band: respondent === 'teacher' ? high : null,
  change: null,
});
const results: QuestionnaireResults = {
  questionnaireId: 'mini',
  latestVersion: 2,
  latestScoringVersion: 1,
  scales: [
    {
      id: 'total',
      labelKey: '_scales.total.label',
      method: 'sum',
      range: { min: 0, max: 6 },
      change: null,
      points: [
        point('r1', '2026-10-01T10:00:00.000Z', 'guardian'),
        point('r2', '2026-11-01T10:00:00.000Z', 'teacher'),
      ],
    },
  ],
  responses: [],
};
const scale: ScaleResult = {
  id: 'total',
  labelKey: '_scales.total.label',
  method: 'sum',
  score: 5,
  answered: 2,
  required: 2,
  itemCount: 2,
  range: { min: 0, max: 6 },
  band: null,
};
const scored = new Map<string, ScoreResult>([
  ['r1', { scales: [{ ...scale, bandOn: 't', normed: null, normGap: 'sexUnknown' }], flags: [] }],
  [
    'r2',
    {
      scales: [{ ...scale, band: high, bandOn: 't', normed: { group: 'g', t: 68, percentile: 85 } }],
      flags: [],
    },
  ],
]);

async function renderResults(lang: 'en' | 'tr', shown = results) {
  await act(() => i18n.changeLanguage(lang));
  render(
    <I18nextProvider i18n={i18n}>
      <FormEngineProvider engine={engine()}>
        <ResultsView results={shown} definition={mini} scored={scored} />
      </FormEngineProvider>
    </I18nextProvider>,
  );
  const table = await screen.findByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

describe('results with informants and norms (ADR 126)', () => {
  it('shows the informants side by side: a column each, its normed score and band on T, or why there is none', async () => {
    const [first, second] = await renderResults('en');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'Parent or guardian', 'Teacher']);
    const guardian = first!.querySelector('[data-informant="guardian"]')!;
    const teacher = second!.querySelector('[data-informant="teacher"]')!;
    expect(guardian).toHaveTextContent('No normed score: sex not recorded');
    // a raw score without a band for want of norms says so, not "Not scored" nor a bare dash
    expect(guardian).toHaveTextContent('No norms for this client');
    expect(guardian).not.toHaveTextContent('Not scored');
    expect(guardian).not.toHaveTextContent('Band read on');
    expect(first!.querySelector('[data-informant="teacher"]')).toHaveTextContent('No response');
    expect(teacher).toHaveTextContent('T 68 · 85th percentile');
    expect(teacher).toHaveTextContent('High');
    expect(teacher).toHaveTextContent('Band read on the T-score');
    expect(screen.getByText('T 68 · 85th percentile', { selector: '[data-latest-normed]' })).toBeVisible();
  });

  it('says it in Turkish', async () => {
    const [first, second] = await renderResults('tr');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Tarih', 'Veli', 'Öğretmen']);
    expect(first!.querySelector('[data-informant="guardian"]')).toHaveTextContent(
      'Normlu puan yok: cinsiyet kayıtlı değil',
    );
    expect(first!.querySelector('[data-informant="guardian"]')).toHaveTextContent('Bu danışan için norm yok');
    expect(second!.querySelector('[data-informant="teacher"]')).toHaveTextContent('T 68 · 85. yüzdelik');
    expect(second!.querySelector('[data-informant="teacher"]')).toHaveTextContent('Düzey T puanına göre');
  });

  it('says once who answered when one informant answered every response', async () => {
    const [scale] = results.scales;
    const guardianOnly = {
      ...results,
      scales: [{ ...scale!, points: scale!.points.map((p) => ({ ...p, respondent: 'guardian' as const })) }],
    };
    const rows = await renderResults('en', guardianOnly);
    expect(screen.getAllByText('Answered by: Parent or guardian')).toHaveLength(1);
    for (const row of rows) expect(row).not.toHaveTextContent('Answered by');
  });
});
