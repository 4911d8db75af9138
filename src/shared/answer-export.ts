import type { FromSchema } from 'json-schema-to-ts';
import { pointChangeSchema, QUESTIONNAIRE_RESPONDENTS } from './questionnaires.ts';
import { instantSchema, languageSchema, nullableStringSchema } from './schemas.ts';

/**
 * The item-level export of one client's answers to one questionnaire (ADR 130): one entry per submitted response
 * of record, each item's answer with its option label in the response's language and its score as scored.
 */

export const ANSWER_EXPORT_FORMATS = ['csv', 'json'] as const;
export type AnswerExportFormat = (typeof ANSWER_EXPORT_FORMATS)[number];

/** GET /clients/:id/answers.{csv,json}?questionnaire=&freeText= */
export const answerExportQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['questionnaire'],
  properties: {
    questionnaire: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' },
    /** Free-text answers only when asked (`true`): they may name people and places. Query strings are text. */
    freeText: { type: 'string', enum: ['true', 'false'] },
  },
} as const;
export type AnswerExportQuery = FromSchema<typeof answerExportQuerySchema>;

/** An id with its words in the practitioner's language. */
const labelledSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'label'],
  properties: { id: { type: 'string' }, label: { type: 'string' } },
} as const;
const nullableLabelledSchema = { ...labelledSchema, type: ['object', 'null'] } as const;

/**
 * One item's answer: `value` is what was stored (the option id of an item with options, the text or number of a
 * free one), `label` the option's label in the response's language (null for a free answer), `score` the option's
 * score after reversing (null for a "not scored" option and a free answer). An unanswered item is null.
 */
const itemAnswerSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['value', 'label', 'score'],
  properties: {
    value: { type: ['string', 'number', 'boolean'] },
    label: nullableStringSchema,
    score: { type: ['number', 'null'] },
  },
} as const;

/** One scale of one response: the score of record, its band, normed scores and change labels (ADR 127). */
const scaleAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['score', 'band', 't', 'percentile', 'change'],
  properties: {
    score: { type: ['number', 'null'] },
    band: nullableLabelledSchema,
    t: { type: ['number', 'null'] },
    percentile: { type: ['number', 'null'] },
    /** The ids as the results give them, with the practitioner's words beside them. */
    change: {
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: [...pointChangeSchema.required, 'labels'],
          properties: {
            ...pointChangeSchema.properties,
            labels: {
              type: 'object',
              additionalProperties: false,
              required: ['sinceFirst', 'sincePrevious', 'clinical', 'crossed'],
              properties: {
                sinceFirst: nullableStringSchema,
                sincePrevious: nullableStringSchema,
                clinical: nullableStringSchema,
                crossed: nullableStringSchema,
              },
            },
          },
        },
        { type: 'null' },
      ],
    },
  },
} as const;

export const answerExportSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['exportedAt', 'language', 'freeText', 'client', 'questionnaire', 'items', 'scales', 'responses'],
  properties: {
    exportedAt: instantSchema,
    /** The language of the titles, scale, band and change words (the practitioner's); answers keep their own. */
    language: languageSchema,
    /** Whether free-text answers were asked for; without them their items are absent, not empty. */
    freeText: { type: 'boolean' },
    client: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    },
    questionnaire: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'title'],
      properties: { id: { type: 'string' }, title: { type: 'string' } },
    },
    /** The items in column order: the newest version's, then items only older versions have. */
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'label', 'freeText', 'scored', 'versions'],
        properties: {
          id: { type: 'string' },
          /** The item's text in the practitioner's language. */
          label: { type: 'string' },
          freeText: { type: 'boolean' },
          /** Whether a scoring version scores it: only then do its answers carry scores. */
          scored: { type: 'boolean' },
          /** The questionnaire versions that have it, newest first. */
          versions: { type: 'array', items: { type: 'integer' } },
        },
      },
    },
    scales: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'label', 'normed', 'change'],
        properties: {
          id: { type: 'string' },
          label: { type: 'string' },
          /** Whether the scale has norms: T-scores and percentiles. */
          normed: { type: 'boolean' },
          /** Whether the newest scoring gives change criteria: without them no change label is given. */
          change: { type: 'boolean' },
        },
      },
    },
    /** Submitted responses of record, oldest first; one a later correction replaced is left out. */
    responses: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'id',
          'submittedAt',
          'questionnaireVersion',
          'scoringVersion',
          'language',
          'respondent',
          'replaces',
          'answers',
          'scales',
          'flags',
        ],
        properties: {
          id: { type: 'string' },
          submittedAt: instantSchema,
          questionnaireVersion: { type: 'integer' },
          scoringVersion: { type: 'integer' },
          language: languageSchema,
          respondent: {
            ...nullableLabelledSchema,
            properties: {
              ...labelledSchema.properties,
              id: { type: 'string', enum: QUESTIONNAIRE_RESPONDENTS },
            },
          },
          /** The response this one corrects. */
          replaces: nullableStringSchema,
          /** By item id: the items of the response's version (free-text ones only when asked). */
          answers: { type: 'object', additionalProperties: itemAnswerSchema },
          /** By scale id. */
          scales: { type: 'object', additionalProperties: scaleAnswerSchema },
          flags: { type: 'array', items: labelledSchema },
        },
      },
    },
  },
} as const;
export type AnswerExport = FromSchema<typeof answerExportSchema>;
