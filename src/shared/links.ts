import type { FromSchema } from 'json-schema-to-ts';
import { attentionItemSchema } from './alerts.ts';
import { questionnaireDefinitionSchema } from './questionnaires.ts';
import {
  answersSchema,
  emailSchema,
  instantSchema,
  languageSchema,
  nullableInstantSchema,
  nullableStringSchema,
  versionSchema,
} from './schemas.ts';

/** The respondent-link part of the API contract (ADR 073, 095, 117): who may answer, a link's state, its views. */

export const LINK_RESPONDENTS = ['guardian', 'teacher', 'self'] as const;
export type LinkRespondent = (typeof LINK_RESPONDENTS)[number];
const respondentSchema = { type: 'string', enum: LINK_RESPONDENTS } as const;

export const LINK_STATES = [
  'created',
  'opened',
  'inProgress',
  'submitted',
  'expired',
  'revoked',
  'locked',
] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** POST /clients/:id/links; `ageOverride` gives it although the client's age is outside the range (else 409). */
export const createLinkBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['questionnaireId', 'respondent', 'language'],
  properties: {
    questionnaireId: { type: 'string', minLength: 1, maxLength: 64 },
    respondent: respondentSchema,
    language: languageSchema,
    label: { type: 'string', maxLength: 40 },
    withCode: { type: 'boolean' },
    email: emailSchema,
    ageOverride: { type: 'boolean' },
  },
} as const;
export type CreateLinkInput = FromSchema<typeof createLinkBodySchema>;

/** POST /links/:id/send: to `email`, else to the address it was mailed to. */
export const sendLinkBodySchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { email: emailSchema },
} as const;
export type SendLinkBody = NonNullable<FromSchema<typeof sendLinkBodySchema>>;

/** A link as the practitioner's API answers it; never its token. */
export const respondentLinkViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'clientId',
    'responseId',
    'questionnaireId',
    'respondent',
    'language',
    'label',
    'email',
    'hasCode',
    'state',
    'expiresAt',
    'openedAt',
    'sentAt',
    'submittedAt',
    'createdAt',
  ],
  properties: {
    id: { type: 'string' },
    clientId: { type: 'string' },
    responseId: { type: 'string' },
    questionnaireId: { type: 'string' },
    respondent: respondentSchema,
    language: languageSchema,
    label: nullableStringSchema,
    email: nullableStringSchema,
    hasCode: { type: 'boolean' },
    state: { type: 'string', enum: LINK_STATES },
    expiresAt: instantSchema,
    openedAt: nullableInstantSchema,
    sentAt: nullableInstantSchema,
    submittedAt: nullableInstantSchema,
    createdAt: instantSchema,
  },
} as const;
export type RespondentLinkView = FromSchema<typeof respondentLinkViewSchema>;
export const respondentLinkListSchema = { type: 'array', items: respondentLinkViewSchema } as const;

/** A new link's address and code (POST /clients/:id/links; send answers no code): shown once, only hashes are kept. */
export const issuedLinkViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['link', 'url'],
  properties: {
    link: respondentLinkViewSchema,
    url: { type: 'string' },
    code: nullableStringSchema,
  },
} as const;
export type IssuedLinkView = FromSchema<typeof issuedLinkViewSchema>;

/**
 * GET /links/new-results: responses submitted by link that the practitioner has not looked at, per own client,
 * and apart from them the open alerts: raised flags until the practitioner marks each seen or resolved, and
 * scheduled sendings unanswered after their reminder (ADR 097, ADR 166).
 */
export const newResultsViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['count', 'clients', 'attention'],
  properties: {
    count: { type: 'integer' },
    clients: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['clientId', 'count'],
        properties: { clientId: { type: 'string' }, count: { type: 'integer' } },
      },
    },
    /** Open alerts, urgent first, then review (ADR 166). */
    attention: { type: 'array', items: attentionItemSchema },
  },
} as const;
export type NewResultsView = FromSchema<typeof newResultsViewSchema>;

/** /respond/:token: the token is the key to one response (ADR 095). */
export const tokenParamsSchema = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 64 } },
} as const;
export type TokenParams = FromSchema<typeof tokenParamsSchema>;

/**
 * GET /respond/:token: what the respondent's page reads: who asks, the label, the pinned questionnaire and the
 * answers so far. The questionnaire's form documents are typed by the engine (`QuestionnaireDefinition`).
 */
export const respondLinkViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'language',
    'respondent',
    'label',
    'practitioner',
    'questionnaire',
    'languages',
    'answers',
    'version',
    'expiresAt',
  ],
  properties: {
    language: languageSchema,
    /** The languages the questionnaire has texts in: the only ones the page offers to switch to. */
    languages: { type: 'array', items: languageSchema },
    respondent: respondentSchema,
    label: nullableStringSchema,
    practitioner: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'title'],
      properties: { name: { type: 'string' }, title: nullableStringSchema },
    },
    questionnaire: questionnaireDefinitionSchema,
    answers: { type: 'object', additionalProperties: true },
    version: { type: 'integer' },
    expiresAt: instantSchema,
  },
} as const;
export type RespondLinkView = FromSchema<typeof respondLinkViewSchema>;

/** PUT /respond/:token: the answers so far (draft rules of the questionnaire). */
export const respondSaveBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['answers'],
  properties: { answers: answersSchema, version: versionSchema },
} as const;
export type RespondSaveBody = FromSchema<typeof respondSaveBodySchema>;
export const respondSaveViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['version', 'updatedAt'],
  properties: { version: { type: 'integer' }, updatedAt: instantSchema },
} as const;
export type RespondSaveView = FromSchema<typeof respondSaveViewSchema>;

/** POST /respond/:token/submit: the answers and version, both optional; nothing else. */
export const respondSubmitBodySchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { answers: answersSchema, version: versionSchema },
} as const;
export type RespondSubmitBody = NonNullable<FromSchema<typeof respondSubmitBodySchema>>;

/** A support line the deployment configures (SUPPORT_LINES), its name in the respondent's language. */
const supportLineSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'phone'],
  properties: { name: { type: 'string' }, phone: { type: 'string' } },
} as const;
export type SupportLineView = FromSchema<typeof supportLineSchema>;

/** POST /respond/:token/submit: `help` only when an answer raised a flag; never a score. */
export const respondSubmitViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'submittedAt'],
  properties: {
    status: { type: 'string', enum: ['draft', 'submitted'] },
    submittedAt: nullableInstantSchema,
    help: {
      type: 'object',
      additionalProperties: false,
      required: ['text', 'lines'],
      properties: { text: nullableStringSchema, lines: { type: 'array', items: supportLineSchema } },
    },
  },
} as const;
export type RespondSubmitView = FromSchema<typeof respondSubmitViewSchema>;

/** PUT /respond/:token/language: the language kept on the response for the next visit (ADR 111). */
export const respondLanguageViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['language'],
  properties: { language: languageSchema },
} as const;
