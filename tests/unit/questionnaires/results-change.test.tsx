import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { QuestionnaireResults, ScorePoint } from '../../../src/client/features/patients/api/types';
import { FIRST_ROWS, LATEST_ROWS, ResultsView } from '../../../src/client/features/patients/results-view';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { i18n } from '../../../src/client/i18n';
import { loadQuestionnaireCatalog } from '../../../src/forms/node';
import { questionnaireEngine } from '../../fixtures/questionnaires/engine';
import { QUESTIONNAIRE_SCHEMAS } from '../../fixtures/questionnaires/files';

const engine = questionnaireEngine();

const mini = loadQuestionnaireCatalog({ schemasDir: QUESTIONNAIRE_SCHEMAS }).get('mini', 2);
const point = (i: number, score: number, change: ScorePoint['change']): ScorePoint => ({
  responseId: `r${i}`,
  respondent: 'guardian',
  submittedAt: new Date(Date.UTC(2026, 0, 5 + 7 * i, 10)).toISOString(),
  questionnaireVersion: 2,
  scoringVersion: 1,
  score,
  band: null,
  change,
});
const criteria = { threshold: 2, cutoff: 4, higherIs: 'worse' } as const;
const labelled: ScorePoint[] = [
  point(0, 6, null),
  point(1, 5, { sinceFirst: 'noChange', sincePrevious: 'noChange', clinical: true, crossed: null }),
  point(2, 2, { sinceFirst: 'improved', sincePrevious: 'improved', clinical: false, crossed: 'intoTypical' }),
];
const resultsWith = (
  points: ScorePoint[],
  change: typeof criteria | null = criteria,
): QuestionnaireResults => ({
  questionnaireId: 'mini',
  latestVersion: 2,
  latestScoringVersion: 1,
  scales: [
    {
      id: 'total',
      labelKey: '_scales.total.label',
      method: 'sum',
      range: { min: 0, max: 6 },
      change,
      points,
    },
  ],
  responses: [],
});

async function renderResults(lang: 'en' | 'tr', results: QuestionnaireResults) {
  await act(() => i18n.changeLanguage(lang));
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <FormEngineProvider engine={engine()}>
        <ResultsView results={results} definition={mini} />
      </FormEngineProvider>
    </I18nextProvider>,
  );
  const table = await screen.findByRole('table');
  return { container, rows: within(table).getAllByRole('row').slice(1) };
}

describe('change on the results (ADR 132)', () => {
  it('marks each point by its change since the first, draws the cut-off, and says the marks in a legend', async () => {
    const { container } = await renderResults('en', resultsWith(labelled));
    const chart = container.querySelector('[data-score-chart]')!;
    expect([...chart.querySelectorAll('[data-mark]')].map((m) => m.getAttribute('data-mark'))).toEqual([
      'plain',
      'noChange',
      'improved',
    ]);
    expect(chart.querySelector('[data-cutoff]')).toHaveTextContent('Clinical cut-off');
    expect(chart.querySelector('desc')).toHaveTextContent('The dashed line is the clinical cut-off, 4.');
    const legend = container.querySelector('[data-chart-legend]')!;
    expect(legend).toHaveTextContent('Reliably improved');
    expect(legend).toHaveTextContent('Reliably deteriorated');
    expect(legend).toHaveTextContent('No reliable change');
    expect(legend).toHaveTextContent('First score');
  });

  it('says the labels in words in the table and above it, "Recovered" when improved into the typical range', async () => {
    const { rows } = await renderResults('en', resultsWith(labelled));
    expect(screen.getByRole('columnheader', { name: 'Change' })).toBeVisible();
    expect(rows[0]).not.toHaveTextContent('Since the first');
    expect(rows[1]).toHaveTextContent('Since the first: No reliable change');
    expect(rows[2]).toHaveTextContent('Since the first: Reliably improved');
    expect(rows[2]).toHaveTextContent('Since the previous: Reliably improved');
    expect(rows[2]).toHaveTextContent('Recovered: reliably improved and into the typical range');
    expect(screen.getByText(/^Recovered/, { selector: '[data-latest-change]' })).toBeVisible();
  });

  it('says them in Turkish', async () => {
    const { rows } = await renderResults('tr', resultsWith(labelled));
    expect(screen.getByRole('columnheader', { name: 'Değişim' })).toBeVisible();
    expect(rows[2]).toHaveTextContent('İlk yanıta göre: Güvenilir iyileşme');
    expect(rows[2]).toHaveTextContent('İyileşti: güvenilir iyileşme ve olağan aralığa geçiş');
  });

  it('shows no label, mark, cut-off or change column for a scale without criteria', async () => {
    const unlabelled = labelled.map((p) => ({ ...p, change: null }));
    const { container, rows } = await renderResults('en', resultsWith(unlabelled, null));
    expect(screen.queryByRole('columnheader', { name: 'Change' })).toBeNull();
    expect(rows[2]).not.toHaveTextContent('Reliably');
    expect(container.querySelector('[data-cutoff]')).toBeNull();
    expect(container.querySelector('[data-chart-legend]')).toBeNull();
    // the marks of one informant and kind are one path: three plain dots
    const plain = container.querySelectorAll('[data-score-chart] [data-mark]');
    expect([...plain].map((m) => m.getAttribute('data-mark'))).toEqual(['plain']);
    expect(plain[0]!.getAttribute('d')!.match(/M/g)).toHaveLength(3);
  });

  it('shows the latest rows of a long history until asked for all', async () => {
    const many = Array.from({ length: LATEST_ROWS + 5 }, (_, i) => point(i, 3, null));
    const { rows: first } = await renderResults('en', resultsWith(many));
    // the latest few before the first paint (ADR 137), the latest LATEST_ROWS right after it
    expect(first).toHaveLength(FIRST_ROWS);
    const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
    await waitFor(() => expect(bodyRows()).toHaveLength(LATEST_ROWS));
    const rows = bodyRows();
    expect(rows[LATEST_ROWS - 1]).toHaveTextContent(
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(many.at(-1)!.submittedAt)),
    );
    expect(screen.getByText(`Showing the latest ${LATEST_ROWS} of ${LATEST_ROWS + 5} rows.`)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: `Show all ${LATEST_ROWS + 5} rows` }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(LATEST_ROWS + 6);
  });

  it('makes its date formatters once, not on each drawing: an Intl formatter is slow to make on a slow phone', async () => {
    const first = await renderResults('en', resultsWith(labelled));
    first.container.remove();
    const Made = Intl.DateTimeFormat;
    let made = 0;
    // biome-ignore lint/complexity/useArrowFunction: the page calls it with `new`, which an arrow function refuses
    const counted = function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      made++;
      return new Made(...args);
    };
    Intl.DateTimeFormat = Object.assign(counted, Made) as unknown as typeof Intl.DateTimeFormat;
    try {
      const { rows } = await renderResults('en', resultsWith(labelled));
      expect(rows[0]).toHaveTextContent('5 January 2026');
      expect(made).toBe(0);
    } finally {
      Intl.DateTimeFormat = Made;
    }
  });
});
