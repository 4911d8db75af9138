import type { FromSchema } from 'json-schema-to-ts';
import { LINK_RESPONDENTS } from './links.ts';
import {
  emailSchema,
  instantSchema,
  languageSchema,
  nullableInstantSchema,
  nullableStringSchema,
} from './schemas.ts';

/**
 * Measurement schedules (ADR 128): a questionnaire that goes out to one respondent by itself, every N weeks or on
 * given dates, until a date or for N times. The server makes and mails each occurrence's link when it is due,
 * reminds once, and marks it overdue when the link expires unanswered.
 */

/** A schedule runs, is paused (nothing is sent; due occurrences wait), stopped by the practitioner, or done. */
export const SCHEDULE_STATES = ['active', 'paused', 'stopped', 'finished'] as const;
export type ScheduleState = (typeof SCHEDULE_STATES)[number];

/**
 * One planned sending: `due` (its day has come or is coming, no link yet), `sent` (link made and mailed),
 * `answered` (the link's response submitted), `overdue` (the link expired unanswered), `cancelled` (by the
 * practitioner, or because the schedule stopped or its client was deleted).
 */
export const OCCURRENCE_STATES = ['due', 'sent', 'answered', 'overdue', 'cancelled'] as const;
export type OccurrenceState = (typeof OCCURRENCE_STATES)[number];

/** A calendar day in Istanbul: YYYY-MM-DD. */
const daySchema = { type: 'string', format: 'date' } as const;
const nullableDaySchema = { type: ['string', 'null'], format: 'date' } as const;

/**
 * POST /clients/:id/schedules. Exactly one of `everyWeeks` (with `startOn`, the first day) and `dates`; at most
 * one of `until` and `times` (neither: `times` 12 is not assumed, the API asks for one). `remindAfterDays`: one
 * reminder that many days after sending, if still unanswered. `withCode`: every link of the schedule asks the same
 * code, shown once on creation. `ageOverride` as for a link.
 */
export const createScheduleBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['questionnaireId', 'respondent', 'language', 'email'],
  properties: {
    questionnaireId: { type: 'string', minLength: 1, maxLength: 64 },
    respondent: { type: 'string', enum: LINK_RESPONDENTS },
    language: languageSchema,
    email: emailSchema,
    everyWeeks: { type: 'integer', minimum: 1, maximum: 52 },
    startOn: daySchema,
    dates: { type: 'array', items: daySchema, minItems: 1, maxItems: 52, uniqueItems: true },
    until: daySchema,
    times: { type: 'integer', minimum: 1, maximum: 260 },
    remindAfterDays: { type: 'integer', minimum: 1, maximum: 14 },
    withCode: { type: 'boolean' },
    ageOverride: { type: 'boolean' },
  },
} as const;
export type CreateScheduleInput = FromSchema<typeof createScheduleBodySchema>;

export const occurrenceViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'scheduleId',
    'dueOn',
    'state',
    'linkId',
    'responseId',
    'sentAt',
    'remindedAt',
    'answeredAt',
  ],
  properties: {
    id: { type: 'string' },
    scheduleId: { type: 'string' },
    dueOn: daySchema,
    state: { type: 'string', enum: OCCURRENCE_STATES },
    linkId: nullableStringSchema,
    responseId: nullableStringSchema,
    sentAt: nullableInstantSchema,
    remindedAt: nullableInstantSchema,
    answeredAt: nullableInstantSchema,
  },
} as const;
export type OccurrenceView = FromSchema<typeof occurrenceViewSchema>;

/** A schedule as the practitioner's API answers it, with its occurrences in due order (past and planned). */
export const scheduleViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'clientId',
    'questionnaireId',
    'respondent',
    'language',
    'email',
    'everyWeeks',
    'dates',
    'startOn',
    'until',
    'times',
    'remindAfterDays',
    'hasCode',
    'state',
    'nextDueOn',
    'createdAt',
    'occurrences',
  ],
  properties: {
    id: { type: 'string' },
    clientId: { type: 'string' },
    questionnaireId: { type: 'string' },
    respondent: { type: 'string', enum: LINK_RESPONDENTS },
    language: languageSchema,
    email: { type: 'string' },
    everyWeeks: { type: ['integer', 'null'] },
    dates: { type: ['array', 'null'], items: daySchema },
    startOn: daySchema,
    until: nullableDaySchema,
    times: { type: ['integer', 'null'] },
    remindAfterDays: { type: ['integer', 'null'] },
    hasCode: { type: 'boolean' },
    state: { type: 'string', enum: SCHEDULE_STATES },
    /** The next occurrence not yet sent; null when none is left or the schedule is not active. */
    nextDueOn: nullableDaySchema,
    createdAt: instantSchema,
    occurrences: { type: 'array', items: occurrenceViewSchema },
  },
} as const;
export type ScheduleView = FromSchema<typeof scheduleViewSchema>;
export const scheduleListSchema = { type: 'array', items: scheduleViewSchema } as const;

/** POST /clients/:id/schedules answers the schedule and, with `withCode`, its code: shown once, only a cipher kept. */
export const issuedScheduleViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['schedule', 'code'],
  properties: { schedule: scheduleViewSchema, code: nullableStringSchema },
} as const;
export type IssuedScheduleView = FromSchema<typeof issuedScheduleViewSchema>;

/**
 * GET /schedules/due: every occurrence of the practitioner that is due (today or earlier, not yet sent) or overdue,
 * across clients, with who it is for; the practitioner may cancel each (POST /occurrences/:id/cancel).
 */
export const dueOccurrenceViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['occurrence', 'clientId', 'clientName', 'questionnaireId', 'respondent'],
  properties: {
    occurrence: occurrenceViewSchema,
    clientId: { type: 'string' },
    clientName: { type: 'string' },
    questionnaireId: { type: 'string' },
    respondent: { type: 'string', enum: LINK_RESPONDENTS },
  },
} as const;
export type DueOccurrenceView = FromSchema<typeof dueOccurrenceViewSchema>;
export const dueOccurrenceListSchema = { type: 'array', items: dueOccurrenceViewSchema } as const;

/**
 * Routes (all practitioner, session + Origin checked, audit entry on every change):
 * - POST /clients/:id/schedules (createScheduleBodySchema) → 201 issuedScheduleViewSchema
 * - GET /clients/:id/schedules → scheduleListSchema
 * - POST /schedules/:id/pause | /schedules/:id/resume | /schedules/:id/stop → scheduleViewSchema
 * - GET /schedules/due → dueOccurrenceListSchema
 * - POST /occurrences/:id/cancel → occurrenceViewSchema
 * GET /clients answers `schedules` (scheduleCountsSchema, in questionnaires.ts) on each client with a schedule.
 */
