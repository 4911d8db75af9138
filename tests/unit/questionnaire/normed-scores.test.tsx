import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { ScoreSummary } from '../../../src/client/forms/questionnaire';
import { i18n } from '../../../src/client/i18n';
import { loadQuestionnaireCatalog } from '../../../src/forms/node';
import type { ScaleResult, ScoreResult } from '../../../src/forms/questionnaires';
import { questionnaireEngine } from '../../fixtures/questionnaires/engine';
import { QUESTIONNAIRE_SCHEMAS } from '../../fixtures/questionnaires/files';

const engine = questionnaireEngine();

const mini = loadQuestionnaireCatalog({ schemasDir: QUESTIONNAIRE_SCHEMAS }).get('mini', 2);

const total: ScaleResult = {
  id: 'total',
  labelKey: '_scales.total.label',
  method: 'sum',
  score: 5,
  answered: 2,
  required: 2,
  itemCount: 2,
  range: { min: 0, max: 6 },
  band: { id: 'high', labelKey: '_scales.total.bands.high', severity: 'moderate' },
};
const teacherContext = { respondent: 'teacher', age: 7, sex: 'female' } as const;

/** `context` null: a result stored before who answered was recorded. */
function renderResult(scale: Partial<ScaleResult>, context: ScoreResult['context'] | null = teacherContext) {
  const result: ScoreResult = {
    scales: [{ ...total, ...scale }],
    flags: [],
    ...(context ? { context } : {}),
  };
  render(
    <I18nextProvider i18n={i18n}>
      <FormEngineProvider engine={engine()}>
        <ScoreSummary questionnaire={mini} result={result} />
      </FormEngineProvider>
    </I18nextProvider>,
  );
  return screen.findByRole('row', { name: /Total|Toplam/ });
}
const cells = (row: HTMLElement) => within(row).getAllByRole('cell');

describe('ScoreSummary with norms and informants (ADR 126)', () => {
  it('says who answered', async () => {
    await renderResult({});
    expect(screen.getByText('Answered by: Teacher')).toBeInTheDocument();
  });

  it('says nothing of who answered for a response given before it was recorded', async () => {
    await renderResult({}, null);
    expect(screen.queryByText(/Answered by/)).toBeNull();
  });

  it('shows the T-score and the percentile beside the raw score, and the band read on T', async () => {
    const row = await renderResult({ bandOn: 't', normed: { group: 'girls6to8', t: 68, percentile: 85 } });
    expect(cells(row)[0]).toHaveTextContent('5');
    expect(cells(row)[0]).toHaveTextContent('T 68 · 85th percentile');
    expect(cells(row)[1]).toHaveTextContent('High');
    expect(cells(row)[1]).toHaveTextContent('Band read on the T-score');
  });

  it.each([
    [1, '1st percentile'],
    [2, '2nd percentile'],
    [23, '23rd percentile'],
    [11, '11th percentile'],
    [94, '94th percentile'],
  ])('writes percentile %d as "%s"', async (percentile, words) => {
    const row = await renderResult({ normed: { group: 'all', percentile } });
    expect(cells(row)[0]).toHaveTextContent(words);
    expect(cells(row)[0]).not.toHaveTextContent('T ');
  });

  it.each([
    ['ageOutside', 'No normed score: no norms for this age'],
    ['ageUnknown', 'No normed score: birth date not recorded'],
    ['sexUnknown', 'No normed score: sex not recorded'],
    ['noGroup', 'No normed score: no norms for this respondent'],
    ['notScored', 'No normed score: the scale is not scored'],
  ] as const)('shows the raw score with no band and the reason for %s', async (normGap, words) => {
    const row = await renderResult({ bandOn: 't', band: null, normed: null, normGap });
    expect(cells(row)[0]).toHaveTextContent('5');
    expect(cells(row)[0]).toHaveTextContent(words);
    expect(cells(row)[1]).toHaveTextContent('No band');
  });

  it('shows a scale without norms as before', async () => {
    const row = await renderResult({});
    expect(row.querySelector('[data-normed]')).toBeNull();
    expect(row.querySelector('[data-norm-gap]')).toBeNull();
    expect(cells(row)[1]).not.toHaveTextContent('Band read on');
  });

  it('speaks Turkish: "T 68", "85. yüzdelik", the reason, who answered', async () => {
    await act(() => i18n.changeLanguage('tr'));
    const row = await renderResult({ bandOn: 'percentile', normed: { group: 'g', t: 68.5, percentile: 85 } });
    expect(cells(row)[0]).toHaveTextContent('T 68,5 · 85. yüzdelik');
    expect(cells(row)[1]).toHaveTextContent('Düzey yüzdeliğe göre');
    expect(screen.getByText('Yanıtlayan: Öğretmen')).toBeInTheDocument();
  });

  it('speaks Turkish when norms do not apply', async () => {
    await act(() => i18n.changeLanguage('tr'));
    const row = await renderResult({ band: null, normed: null, normGap: 'ageOutside' });
    expect(cells(row)[0]).toHaveTextContent('Normlu puan yok: bu yaş için norm yok');
  });
});
