import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { QuestionnaireResults } from '../../../src/client/features/patients/api/types';
import { LATEST_FLAGGED } from '../../../src/client/features/patients/flagged-answers';
import { ResultsView } from '../../../src/client/features/patients/results-view';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { i18n } from '../../../src/client/i18n';
import { loadQuestionnaireCatalog } from '../../../src/forms/node';
import { questionnaireEngine } from '../../fixtures/questionnaires/engine';
import { QUESTIONNAIRE_SCHEMAS } from '../../fixtures/questionnaires/files';

const engine = questionnaireEngine();

const mini = loadQuestionnaireCatalog({ schemasDir: QUESTIONNAIRE_SCHEMAS }).get('mini', 2);
const flag = (id: string) => ({ id, item: 'q1', labelKey: '_flags.often' });
const weekOf = (i: number) => new Date(Date.UTC(2026, 0, 5 + 7 * i, 10));
const day = (i: number, lang: 'en' | 'tr') =>
  new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', { dateStyle: 'long' }).format(weekOf(i));

/** `flaggedWeeks` responses with flags (the newest with two), one week apart, and an unflagged one in between. */
function history(flaggedWeeks: number): QuestionnaireResults {
  const weeks = flaggedWeeks + 1;
  const responses = Array.from({ length: weeks }, (_, i) => ({
    id: `r${i}`,
    submittedAt: weekOf(i).toISOString(),
    questionnaireVersion: 2,
    scoringVersion: 1,
    language: 'en' as const,
    replaces: null,
    // week 1 is not flagged; the newest response has two flagged answers
    flags: i === 1 ? [] : i === weeks - 1 ? [flag('often'), flag('often-again')] : [flag('often')],
  }));
  return {
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
        points: responses.map((r) => ({
          responseId: r.id,
          respondent: 'guardian' as const,
          submittedAt: r.submittedAt,
          questionnaireVersion: 2,
          scoringVersion: 1,
          score: 6,
          band: null,
          change: null,
        })),
      },
    ],
    responses,
  };
}

async function renderResults(lang: 'en' | 'tr', results: QuestionnaireResults) {
  await act(() => i18n.changeLanguage(lang));
  render(
    <I18nextProvider i18n={i18n}>
      <FormEngineProvider engine={engine()}>
        <ResultsView results={results} definition={mini} />
      </FormEngineProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('table');
  const list = () => document.querySelector('[data-flagged]') as HTMLUListElement;
  return { flags: () => within(list()).getAllByRole('listitem') };
}

describe('flagged answers on the results of a long history (ADR 147)', () => {
  it(`lists the latest ${LATEST_FLAGGED} flagged responses, newest first, under the count of all of them, and the rest on "show all"`, async () => {
    const { flags } = await renderResults('en', history(7));
    // the newest response's two flagged answers first, then one each of the next two flagged responses
    expect(flags().map((li) => li.textContent)).toEqual([
      `Always (${day(7, 'en')})`,
      `Always (${day(7, 'en')})`,
      `Always (${day(6, 'en')})`,
      `Always (${day(5, 'en')})`,
    ]);
    expect(
      screen.getByText(
        '7 responses have answers that need your attention. Showing the latest 3, newest first.',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Show all 7 flagged responses' }));
    // week 1 had no flagged answer: weeks 7 (two), 6, 5, 4, 3, 2 and 0
    expect(flags()).toHaveLength(8);
    expect(flags().at(-1)).toHaveTextContent(day(0, 'en'));
    expect(screen.queryByRole('button', { name: /flagged responses/ })).toBeNull();
    expect(document.querySelector('[data-flags-shown]')).toBeNull();
  });

  it('takes the keyboard to the first response added, where the button was', async () => {
    const user = userEvent.setup();
    const { flags } = await renderResults('en', history(5));
    const button = screen.getByRole('button', { name: 'Show all 5 flagged responses' });
    // the button is reachable by Tab and names the count it is described by
    for (let tab = 0; tab < 20 && document.activeElement !== button; tab++) await user.tab();
    expect(button).toHaveFocus();
    expect(button).toHaveAccessibleDescription(/5 responses have answers that need your attention/);
    await user.keyboard('{Enter}');
    const added = flags()[4];
    expect(added).toHaveTextContent(day(2, 'en'));
    expect(added).toHaveFocus();
  });

  it('says it in Turkish', async () => {
    await renderResults('tr', history(4));
    expect(
      screen.getByText(
        '4 yanıtta dikkat gerektiren maddeler var. En yeni 3 yanıt gösteriliyor, en yenisi en üstte.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Dikkat gerektiren 4 yanıtın tümünü göster' })).toBeVisible();
  });

  it(`lists every flagged answer, with no count or button, when ${LATEST_FLAGGED} responses or fewer are flagged`, async () => {
    const { flags } = await renderResults('en', history(LATEST_FLAGGED));
    expect(flags()).toHaveLength(LATEST_FLAGGED + 1);
    expect(flags()[0]).toHaveTextContent(day(LATEST_FLAGGED, 'en'));
    expect(screen.queryByRole('button', { name: /flagged responses/ })).toBeNull();
    expect(document.querySelector('[data-flags-shown]')).toBeNull();
  });
});

describe('flagged answers labelled by who answered (ADR 166)', () => {
  it('tells two informants’ flags of one day apart, each listed once with its informant and date', async () => {
    const base = history(1);
    const at = weekOf(0).toISOString();
    const results: QuestionnaireResults = {
      ...base,
      responses: [
        { ...base.responses[0]!, id: 'g', submittedAt: at, respondent: 'guardian', flags: [flag('often')] },
        { ...base.responses[0]!, id: 't', submittedAt: at, respondent: 'teacher', flags: [flag('often')] },
      ],
    };
    results.scales[0]!.points = results.scales[0]!.points.slice(0, 1);
    const { flags } = await renderResults('en', results);
    const label = flags()[0]!.querySelector('strong')!.textContent;
    expect(flags().map((li) => li.textContent)).toEqual([
      `${label} (Teacher, ${day(0, 'en')})`,
      `${label} (Parent or guardian, ${day(0, 'en')})`,
    ]);
    cleanup();
    await renderResults('tr', results);
    expect(document.body.textContent).toContain(`(Öğretmen, ${day(0, 'tr')})`);
  });
});
