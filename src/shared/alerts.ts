import type { FromSchema } from 'json-schema-to-ts';
import { QUESTIONNAIRE_RESPONDENTS } from './questionnaires.ts';
import { instantSchema, nullableInstantSchema, nullableStringSchema } from './schemas.ts';

/** Alerts a practitioner acts on (ADR 166): their levels, states, and the views of "Needs attention". */

/** Most urgent first: the order "Needs attention" lists them in. */
export const ALERT_LEVELS_LISTED = ['urgent', 'review'] as const;
export type ListedAlertLevel = (typeof ALERT_LEVELS_LISTED)[number];
export const ALERT_STATES = ['open', 'seen', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];
/** A practitioner's note on an alert: a line or two, not a record. */
export const ALERT_NOTE_MAX = 500;

const respondentSchema = { type: ['string', 'null'], enum: [...QUESTIONNAIRE_RESPONDENTS, null] } as const;

/**
 * One entry of "Needs attention": a raised flag (`flag`), or a scheduled sending still unanswered after its
 * reminder (`unanswered`, always `review`, until it is answered or its link expires at `expiresAt`).
 */
export const attentionItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'kind',
    'level',
    'clientId',
    'responseId',
    'questionnaireId',
    'respondent',
    'flagId',
    'at',
    'expiresAt',
  ],
  properties: {
    /** The alert's id; for `unanswered`, the scheduled sending's. */
    id: { type: 'string' },
    kind: { type: 'string', enum: ['flag', 'unanswered'] },
    level: { type: 'string', enum: ALERT_LEVELS_LISTED },
    clientId: { type: 'string' },
    responseId: { type: 'string' },
    questionnaireId: { type: 'string' },
    respondent: respondentSchema,
    /** The flag of the questionnaire (`_flags.<id>`); null for a response flagged before alerts had levels. */
    flagId: nullableStringSchema,
    /** When it was raised (the response submitted), or when the reminder went. */
    at: instantSchema,
    expiresAt: nullableInstantSchema,
  },
} as const;
export type AttentionItem = FromSchema<typeof attentionItemSchema>;

/** POST /api/alerts/:id: the practitioner saw it, or resolved it, with an optional short note. */
export const alertActionBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['state'],
  properties: {
    state: { type: 'string', enum: ['seen', 'resolved'] },
    note: { type: 'string', maxLength: ALERT_NOTE_MAX },
  },
} as const;
export type AlertActionBody = FromSchema<typeof alertActionBodySchema>;

/** GET /api/clients/:id/alerts: every alert of a client, newest first, with what was done about it. */
export const clientAlertSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'level',
    'state',
    'responseId',
    'questionnaireId',
    'respondent',
    'flagId',
    'raisedAt',
    'handledAt',
    'note',
  ],
  properties: {
    id: { type: 'string' },
    level: { type: 'string', enum: ALERT_LEVELS_LISTED },
    state: { type: 'string', enum: ALERT_STATES },
    responseId: { type: 'string' },
    questionnaireId: { type: 'string' },
    respondent: respondentSchema,
    flagId: nullableStringSchema,
    raisedAt: instantSchema,
    handledAt: nullableInstantSchema,
    note: nullableStringSchema,
  },
} as const;
export type ClientAlert = FromSchema<typeof clientAlertSchema>;
export const clientAlertListSchema = { type: 'array', items: clientAlertSchema } as const;
