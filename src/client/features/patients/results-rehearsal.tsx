import { memo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { QuestionnaireDefinition } from '../../../forms/questionnaires';
import { useLang } from '../../lib/use-lang';
import type { QuestionnaireResults, ScorePoint } from './api/types';
import { type ResultsById, ResultsDrawing } from './results-view';
import { useAfterPaint } from './use-after-paint';

const instant = (week: number, hour: number) => new Date(Date.UTC(2026, 0, 5 + 7 * week, hour)).toISOString();

type Change = ScorePoint['change'];
const change = (sinceFirst: NonNullable<Change>['sinceFirst'], crossed: NonNullable<Change>['crossed']) => ({
  sinceFirst,
  sincePrevious: sinceFirst,
  clinical: crossed === 'intoClinical',
  crossed,
});

/** Who answered when, and what changed: each kind of mark, a crossing, an unscored response, a day with one informant. */
const ANSWERS: Array<{
  respondent: ScorePoint['respondent'];
  week: number;
  score: number | null;
  change: Change;
}> = [
  { respondent: 'guardian', week: 0, score: 9, change: null },
  { respondent: 'teacher', week: 0, score: 4, change: null },
  { respondent: 'guardian', week: 1, score: 3, change: change('improved', 'intoTypical') },
  { respondent: 'teacher', week: 1, score: 10, change: change('deteriorated', 'intoClinical') },
  { respondent: 'guardian', week: 2, score: null, change: null },
  { respondent: 'guardian', week: 3, score: 4, change: change('noChange', null) },
];

const POINTS: ScorePoint[] = ANSWERS.map(({ respondent, week, score, change }, i) => ({
  responseId: `rehearsal-${i}`,
  respondent,
  submittedAt: instant(week, respondent === 'guardian' ? 9 : 15),
  questionnaireVersion: 1,
  scoringVersion: 1,
  score,
  band:
    score === null ? null : { id: 'typical', labelKey: 'typical', severity: score > 8 ? 'severe' : 'none' },
  change,
}));

/** A made-up history of one scale: every kind of part the results page draws, few of each. */
export const REHEARSAL_RESULTS: QuestionnaireResults = {
  questionnaireId: 'rehearsal',
  latestVersion: 1,
  latestScoringVersion: 1,
  scales: [
    {
      id: 'scale',
      labelKey: 'scale',
      method: 'sum',
      range: { min: 0, max: 15 },
      change: { threshold: 3, cutoff: 8, higherIs: 'worse' },
      points: POINTS,
    },
  ],
  responses: POINTS.map((point, i) => ({
    id: point.responseId,
    submittedAt: point.submittedAt,
    questionnaireVersion: 1,
    scoringVersion: 1,
    language: 'tr',
    replaces: null,
    flags: i === 3 ? [{ id: 'flag', item: '', labelKey: 'flag' }] : [],
  })),
};

/** Its normed scores, as a response's stored result holds them. */
export const REHEARSAL_SCORED: ResultsById = new Map(
  POINTS.map((point, i) => [
    point.responseId,
    {
      scales: [
        {
          id: 'scale',
          labelKey: 'scale',
          method: 'sum',
          score: point.score,
          answered: 1,
          required: 1,
          itemCount: 1,
          range: { min: 0, max: 15 },
          band: point.band,
          bandOn: 't',
          normed: { group: 'all', t: 50 + i, percentile: 50 + i },
        },
      ],
      flags: [],
    },
  ]),
);

/** Its scale's bands, as the questionnaire's scoring gives them. */
export const REHEARSAL_DEFINITION: Pick<QuestionnaireDefinition, 'scoring'> = {
  scoring: {
    version: 1,
    items: {},
    scales: [
      {
        id: 'scale',
        method: 'sum',
        minAnswered: 1,
        bands: [
          { id: 'typical', min: 0, max: 7, severity: 'none' },
          { id: 'raised', min: 8, max: 15, severity: 'severe' },
        ],
      },
    ],
  },
};

/** The questionnaire's own words are not needed: they are looked up, not compiled. */
const ownWords = (key: string) => key;

/**
 * The results of a made-up short history, drawn into an element that is never shown while the page waits for the
 * client's data. The page's first drawing is for a good part the browser compiling its code (a fifth of the work
 * after a long history arrives, ADR 160); drawn once here, that is paid while the main thread waits for the network,
 * and the history is then drawn by code that is ready. It waits for the loading block's first paint, so that comes
 * first; its own component, kept from redrawing by `memo`.
 */
export const ResultsRehearsal = memo(function ResultsRehearsal() {
  const [offScreen] = useState(() => document.createElement('div'));
  const lang = useLang();
  const painted = useAfterPaint();
  if (!painted) return null;
  return createPortal(
    <ResultsDrawing
      results={REHEARSAL_RESULTS}
      definition={REHEARSAL_DEFINITION}
      scored={REHEARSAL_SCORED}
      lang={lang}
      text={ownWords}
    />,
    offScreen,
  );
});
