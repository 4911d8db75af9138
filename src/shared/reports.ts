import type { FromSchema } from 'json-schema-to-ts';
import { changeCriteriaSchema, QUESTIONNAIRE_RESPONDENTS } from './questionnaires.ts';
import { instantSchema } from './schemas.ts';

/**
 * The change report (ADR 129): for a period, a questionnaire's scale and one informant, where each of the
 * practitioner's clients stands between their first and last score: reliably improved, no reliable change,
 * reliably deteriorated, or one score only.
 */
export const CHANGE_OUTCOMES = ['improved', 'noChange', 'deteriorated', 'singleScore'] as const;
export type ChangeOutcome = (typeof CHANGE_OUTCOMES)[number];

/**
 * The first day of a report's default period: twelve months ending on `to` (YYYY-MM-DD), so the day after the
 * same date a year before (29 February counts back from the 28th).
 */
export function yearEndingOn(to: string): string {
  const at = new Date(`${to}T00:00:00Z`);
  const back = new Date(Date.UTC(at.getUTCFullYear() - 1, at.getUTCMonth(), at.getUTCDate()));
  if (back.getUTCMonth() !== at.getUTCMonth()) back.setUTCDate(0);
  back.setUTCDate(back.getUTCDate() + 1);
  return back.toISOString().slice(0, 10);
}

/** A calendar day in Istanbul: YYYY-MM-DD. */
const daySchema = { type: 'string', format: 'date' } as const;

/**
 * GET /reports/change and /reports/change.csv. `from` and `to` are Istanbul days, both included (default: the
 * twelve months up to today); `respondent` is needed only when the questionnaire has several (default: its first).
 */
export const changeReportQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['questionnaire', 'scale'],
  properties: {
    questionnaire: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' },
    scale: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' },
    respondent: { type: 'string', enum: QUESTIONNAIRE_RESPONDENTS },
    from: daySchema,
    to: daySchema,
  },
} as const;
export type ChangeReportQuery = FromSchema<typeof changeReportQuerySchema>;

const scoreAtSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['responseId', 'submittedAt', 'score'],
  properties: {
    responseId: { type: 'string' },
    submittedAt: instantSchema,
    score: { type: 'number' },
  },
} as const;

const countSchema = { type: 'integer', minimum: 0 } as const;

export const changeReportSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'questionnaireId',
    'version',
    'scoringVersion',
    'scaleId',
    'respondent',
    'from',
    'to',
    'criteria',
    'counts',
    'clients',
  ],
  properties: {
    questionnaireId: { type: 'string' },
    /** The newest version and scoring: its words name the scale, its parameters judge the change. */
    version: { type: 'integer' },
    scoringVersion: { type: 'integer' },
    scaleId: { type: 'string' },
    /** Whose scores were compared; null when the questionnaire has one respondent (all its responses count). */
    respondent: { type: ['string', 'null'], enum: [...QUESTIONNAIRE_RESPONDENTS, null] },
    from: daySchema,
    to: daySchema,
    /** null: the scale gives no reliable change threshold, so nothing is counted (`counts` is null too). */
    criteria: { anyOf: [changeCriteriaSchema, { type: 'null' }] },
    counts: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: [...CHANGE_OUTCOMES, 'recovered'],
      properties: {
        improved: countSchema,
        noChange: countSchema,
        deteriorated: countSchema,
        singleScore: countSchema,
        /** Reliably improved and from the clinical into the typical range; null without a cut-off. */
        recovered: { type: ['integer', 'null'], minimum: 0 },
      },
    },
    /** Every client with a score in the period, by name. */
    clients: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['clientId', 'name', 'outcome', 'recovered', 'first', 'last'],
        properties: {
          clientId: { type: 'string' },
          name: { type: 'string' },
          /** null when the scale has no threshold. */
          outcome: { type: ['string', 'null'], enum: [...CHANGE_OUTCOMES, null] },
          /** null without a cut-off or with one score only. */
          recovered: { type: ['boolean', 'null'] },
          first: scoreAtSchema,
          /** null with one score only. */
          last: { anyOf: [scoreAtSchema, { type: 'null' }] },
        },
      },
    },
  },
} as const;
export type ChangeReport = FromSchema<typeof changeReportSchema>;
export type ChangeReportClient = ChangeReport['clients'][number];

/** GET /reports/questionnaires: the questionnaires with scores to report, the most recently answered first. */
export const answeredQuestionnairesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['questionnaires'],
  properties: { questionnaires: { type: 'array', items: { type: 'string' } } },
} as const;
export type AnsweredQuestionnaires = FromSchema<typeof answeredQuestionnairesSchema>;
