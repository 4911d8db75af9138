import type { FromSchema } from 'json-schema-to-ts';
import { INTAKE_STATUSES, sectionStatesSchema } from './intake.ts';
import {
  answersSchema,
  instantSchema,
  LANGUAGES,
  languageSchema,
  nullableInstantSchema,
  nullableStringSchema,
  versionSchema,
} from './schemas.ts';

/**
 * The questionnaire part of the API contract (ADR 073, 117): a score result as the server stores and answers it, and
 * the views of the library, responses, clients and results. The engine scores into these types; both sides read them.
 */

export const SEVERITIES = ['none', 'mild', 'moderate', 'severe'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const SCALE_METHODS = ['sum', 'mean', 'proratedSum', 'proratedMean'] as const;
export type ScaleMethod = (typeof SCALE_METHODS)[number];
/**
 * Who a questionnaire is for, as its metadata names them, and who answered a response: the wording, items, norms
 * and bands of that informant apply.
 */
export const QUESTIONNAIRE_RESPONDENTS = ['practitioner', 'guardian', 'teacher', 'self'] as const;
export type QuestionnaireRespondent = (typeof QUESTIONNAIRE_RESPONDENTS)[number];
/** Which score a scale's bands and a flag read: the raw score or a normed one (ADR 122). */
export const SCORE_KINDS = ['raw', 't', 'percentile'] as const;
export type ScoreKind = (typeof SCORE_KINDS)[number];
/**
 * Why a scale has no normed score although its file has norms: the client's age or sex is not known, the age is
 * outside every norm group, no group is for this respondent, or the raw score is not scored (ADR 122).
 */
export const NORM_GAPS = ['ageUnknown', 'ageOutside', 'sexUnknown', 'noGroup', 'notScored'] as const;
export type NormGap = (typeof NORM_GAPS)[number];

/**
 * Why a score has no band, as the results and the exports say it: `notScored` when there is no raw score,
 * `noNorms` when there is one but its bands read a normed score the client has none of (no norm group for their
 * age, sex or informant: `normGap`), null when it has a band or none for another reason.
 */
export function bandGapOf(
  score: number | null,
  band: unknown,
  normGap: NormGap | undefined,
): 'notScored' | 'noNorms' | null {
  if (score === null) return 'notScored';
  if (band !== null && band !== undefined) return null;
  return normGap !== undefined && normGap !== 'notScored' ? 'noNorms' : null;
}

/**
 * Reliable change between two scores of one informant on one scale (Jacobson & Truax, ADR 127): larger than
 * measurement error in the better or the worse direction, or not.
 */
export const RELIABLE_CHANGES = ['improved', 'noChange', 'deteriorated'] as const;
export type ReliableChange = (typeof RELIABLE_CHANGES)[number];
/** Which way a score crossed the clinical cut-off since the informant's first score. */
export const CUTOFF_CROSSINGS = ['intoTypical', 'intoClinical'] as const;
export type CutoffCrossing = (typeof CUTOFF_CROSSINGS)[number];

const reliableChangeSchema = { type: ['string', 'null'], enum: [...RELIABLE_CHANGES, null] } as const;

/**
 * A scale's change criteria as its newest scoring file gives them (ADR 127): the smallest reliable raw change, the
 * clinical cut-off on the raw score (either may be null) and which direction is worse.
 */
export const changeCriteriaSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['threshold', 'cutoff', 'higherIs'],
  properties: {
    threshold: { type: ['number', 'null'] },
    cutoff: { type: ['number', 'null'] },
    higherIs: { type: 'string', enum: ['worse', 'better'] },
  },
} as const;
export type ChangeCriteria = FromSchema<typeof changeCriteriaSchema>;

/**
 * A score's change labels against the same informant's first and previous scored response of the scale; null on
 * the first, on an unscored point and on a scale without change parameters. `clinical` is whether this score is in
 * the clinical range (null without a cut-off); `crossed` says a crossing of the cut-off since the first.
 * "Recovered" in Jacobson & Truax's words is `sinceFirst: 'improved'` with `crossed: 'intoTypical'`.
 */
export const pointChangeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['sinceFirst', 'sincePrevious', 'clinical', 'crossed'],
  properties: {
    sinceFirst: reliableChangeSchema,
    sincePrevious: reliableChangeSchema,
    clinical: { type: ['boolean', 'null'] },
    crossed: { type: ['string', 'null'], enum: [...CUTOFF_CROSSINGS, null] },
  },
} as const;
export type PointChange = FromSchema<typeof pointChangeSchema>;

const respondentSchema = { type: ['string', 'null'], enum: [...QUESTIONNAIRE_RESPONDENTS, null] } as const;
const sexSchema = { type: ['string', 'null'], enum: ['female', 'male', null] } as const;

const rangeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['min', 'max'],
  properties: { min: { type: 'number' }, max: { type: 'number' } },
} as const;

const bandSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['id', 'labelKey', 'severity'],
  properties: {
    id: { type: 'string' },
    labelKey: { type: 'string' },
    severity: { type: 'string', enum: SEVERITIES },
  },
} as const;

export const scaleResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'labelKey', 'method', 'score', 'answered', 'required', 'itemCount', 'range', 'band'],
  properties: {
    id: { type: 'string' },
    labelKey: { type: 'string' },
    method: { type: 'string', enum: SCALE_METHODS },
    /** null = not scored (too few answers), never a silent 0. */
    score: { type: ['number', 'null'] },
    answered: { type: 'integer' },
    required: { type: 'integer' },
    itemCount: { type: 'integer' },
    range: rangeSchema,
    band: bandSchema,
    /** Which score the band was read on; absent in results stored before norms existed (= raw). */
    bandOn: { type: 'string', enum: SCORE_KINDS },
    /** The normed scores from the norm group that matched; absent when the scale has no norms. */
    normed: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['group'],
      properties: {
        /** The norm group's id in the scoring file. */
        group: { type: 'string' },
        t: { type: 'number' },
        percentile: { type: 'number' },
      },
    },
    /** Why `normed` is null although the scale has norms. */
    normGap: { type: 'string', enum: NORM_GAPS },
  },
} as const;
export type ScaleResult = FromSchema<typeof scaleResultSchema>;

export const flagResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'item', 'labelKey'],
  properties: {
    id: { type: 'string' },
    /** The item a single-item flag reads; '' for a flag on a scale or on a combination of items. */
    item: { type: 'string' },
    /** The scale a scale flag reads. */
    scale: { type: 'string' },
    labelKey: { type: 'string' },
  },
} as const;
export type FlagResult = FromSchema<typeof flagResultSchema>;

export const scoreResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['scales', 'flags'],
  properties: {
    scales: { type: 'array', items: scaleResultSchema },
    flags: { type: 'array', items: flagResultSchema },
    /**
     * What the norms were read with, kept with the scores so a stored result never changes: who answered, and
     * the client's age in whole years on the response date and sex (null when not recorded). Absent in results
     * stored before informant versions existed.
     */
    context: {
      type: 'object',
      additionalProperties: false,
      required: ['respondent', 'age', 'sex'],
      properties: {
        respondent: respondentSchema,
        age: { type: ['integer', 'null'] },
        sex: sexSchema,
      },
    },
  },
} as const;
export type ScoreResult = FromSchema<typeof scoreResultSchema>;

export const RESPONSE_STATUSES = ['draft', 'submitted'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];
const responseStatusSchema = { type: 'string', enum: RESPONSE_STATUSES } as const;

const responseListItemProperties = {
  id: { type: 'string' },
  /** Who answered (their wording, items and norms applied); null for responses given before it was recorded. */
  respondent: respondentSchema,
  questionnaireId: { type: 'string' },
  questionnaireVersion: { type: 'integer' },
  scoringVersion: { type: 'integer' },
  language: languageSchema,
  status: responseStatusSchema,
  version: { type: 'integer' },
  replaces: nullableStringSchema,
  createdAt: instantSchema,
  updatedAt: instantSchema,
  submittedAt: nullableInstantSchema,
  result: { ...scoreResultSchema, type: ['object', 'null'] },
} as const;
const responseListItemRequired = [
  'id',
  'respondent',
  'questionnaireId',
  'questionnaireVersion',
  'scoringVersion',
  'language',
  'status',
  'version',
  'replaces',
  'createdAt',
  'updatedAt',
  'submittedAt',
  'result',
] as const;

/** A response without answers, as a client's page lists it. */
export const responseListItemViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: responseListItemRequired,
  properties: responseListItemProperties,
} as const;
export type ResponseListItemView = FromSchema<typeof responseListItemViewSchema>;

/** GET /responses/:id, and what give, submit and a language change answer. */
export const responseViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...responseListItemRequired, 'clientId', 'answers'],
  properties: {
    ...responseListItemProperties,
    clientId: { type: 'string' },
    answers: { type: 'object', additionalProperties: true },
  },
} as const;
export type ResponseView = FromSchema<typeof responseViewSchema>;

/** PUT /responses/:id: where the draft stands after the save. */
export const responseSaveViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'status', 'version', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    status: responseStatusSchema,
    version: { type: 'integer' },
    updatedAt: instantSchema,
  },
} as const;
export type ResponseSaveView = FromSchema<typeof responseSaveViewSchema>;

const scorePointSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'responseId',
    'respondent',
    'submittedAt',
    'questionnaireVersion',
    'scoringVersion',
    'score',
    'band',
    'change',
  ],
  properties: {
    responseId: { type: 'string' },
    /** Who answered this response, so one scale can be drawn per informant. */
    respondent: respondentSchema,
    submittedAt: instantSchema,
    questionnaireVersion: { type: 'integer' },
    scoringVersion: { type: 'integer' },
    score: { type: ['number', 'null'] },
    band: bandSchema,
    /** Against this informant's first and previous scored point of the scale (ADR 127). */
    change: { anyOf: [pointChangeSchema, { type: 'null' }] },
  },
} as const;
export type ScorePoint = FromSchema<typeof scorePointSchema>;

const scaleSeriesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'labelKey', 'method', 'range', 'change', 'points'],
  properties: {
    id: { type: 'string' },
    labelKey: { type: 'string' },
    method: { type: 'string', enum: SCALE_METHODS },
    range: rangeSchema,
    /** The newest scoring's change criteria; null when it gives none (no labels are then shown). */
    change: { anyOf: [changeCriteriaSchema, { type: 'null' }] },
    points: { type: 'array', items: scorePointSchema },
  },
} as const;
export type ScaleSeries = FromSchema<typeof scaleSeriesSchema>;

/**
 * One questionnaire's results of a client: each scale over time, each submitted response's flags in time order
 * (replaced ones left out). `latestVersion` and `latestScoringVersion` are the newest response's pins: its labels
 * and bands are the ones drawn (ADR 109).
 */
export const questionnaireResultsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['questionnaireId', 'latestVersion', 'latestScoringVersion', 'scales', 'responses'],
  properties: {
    questionnaireId: { type: 'string' },
    latestVersion: { type: 'integer' },
    latestScoringVersion: { type: 'integer' },
    scales: { type: 'array', items: scaleSeriesSchema },
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
          'replaces',
          'flags',
        ],
        properties: {
          id: { type: 'string' },
          submittedAt: instantSchema,
          questionnaireVersion: { type: 'integer' },
          scoringVersion: { type: 'integer' },
          language: languageSchema,
          replaces: nullableStringSchema,
          /** Who answered: the flags are labelled by informant and date (ADR 166). */
          respondent: respondentSchema,
          flags: { type: 'array', items: flagResultSchema },
        },
      },
    },
  },
} as const;
export type QuestionnaireResults = FromSchema<typeof questionnaireResultsSchema>;
export const questionnaireResultsListSchema = { type: 'array', items: questionnaireResultsSchema } as const;

/** Per client on the Patients list: schedule occurrences due (day come, not yet sent) and overdue (ADR 128). */
export const scheduleCountsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['due', 'overdue'],
  properties: { due: { type: 'integer' }, overdue: { type: 'integer' } },
} as const;
export type ScheduleCounts = FromSchema<typeof scheduleCountsSchema>;

/** GET /clients: one client per intake record; `schedules` only on a client with a schedule. */
export const clientListItemViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'age', 'intakeStatus', 'lastActivity'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    age: { type: ['integer', 'null'] },
    intakeStatus: { type: 'string', enum: INTAKE_STATUSES },
    lastActivity: instantSchema,
    schedules: scheduleCountsSchema,
  },
} as const;
export type ClientListItemView = FromSchema<typeof clientListItemViewSchema>;
export const clientListViewSchema = { type: 'array', items: clientListItemViewSchema } as const;

/** GET /clients/:id: who, the intake's status and sections, the questionnaires given, the results. */
export const clientViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'birthDate', 'age', 'sex', 'intake', 'responses', 'results'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    birthDate: nullableStringSchema,
    age: { type: ['integer', 'null'] },
    /** The sex norms are read by, from the intake's gender (ADR 125): null when other, not said or not recorded. */
    sex: sexSchema,
    intake: {
      type: 'object',
      additionalProperties: false,
      required: ['status', 'createdAt', 'updatedAt', 'submittedAt', 'sectionStates'],
      properties: {
        status: { type: 'string', enum: INTAKE_STATUSES },
        createdAt: instantSchema,
        updatedAt: instantSchema,
        submittedAt: nullableInstantSchema,
        sectionStates: sectionStatesSchema,
      },
    },
    responses: { type: 'array', items: responseListItemViewSchema },
    results: questionnaireResultsListSchema,
  },
} as const;
export type ClientView = FromSchema<typeof clientViewSchema>;

/** A questionnaire's `questionnaire.json`: who answers, the ages, the minutes, the licence. */
export const questionnaireMetaSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['respondents', 'ageRange', 'minutes', 'licence'],
  properties: {
    respondents: { type: 'array', items: { type: 'string', enum: QUESTIONNAIRE_RESPONDENTS } },
    ageRange: rangeSchema,
    minutes: { type: 'number' },
    licence: {
      type: 'object',
      additionalProperties: false,
      required: ['holder', 'terms', 'electronicUse', 'example'],
      properties: {
        holder: { type: 'string' },
        terms: { type: 'string' },
        electronicUse: { type: 'boolean' },
        example: { type: 'boolean' },
      },
    },
  },
} as const;

/** A text in each language the questionnaire has it in. */
const textsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { en: { type: 'string' }, tr: { type: 'string' } },
} as const;

/** A library card as GET /api/questionnaires answers it: texts in both languages, the latest version. */
export const libraryEntrySchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'formId',
    'version',
    'scoringVersion',
    'title',
    'description',
    'respondents',
    'itemCount',
    'minutes',
    'languages',
    'ageRange',
    'licence',
  ],
  properties: {
    id: { type: 'string' },
    formId: { type: 'string' },
    version: { type: 'integer' },
    scoringVersion: { type: 'integer' },
    title: textsSchema,
    description: textsSchema,
    respondents: questionnaireMetaSchema.properties.respondents,
    itemCount: { type: 'integer' },
    minutes: { type: 'number' },
    languages: { type: 'array', items: { type: 'string', enum: LANGUAGES } },
    ageRange: rangeSchema,
    licence: questionnaireMetaSchema.properties.licence,
    /** Each flag's words in the latest scoring version, by flag id: what "Needs attention" names (ADR 166). */
    flags: { type: 'object', additionalProperties: textsSchema },
  },
} as const;
export type LibraryEntry = FromSchema<typeof libraryEntrySchema>;
export const librarySchema = { type: 'array', items: libraryEntrySchema } as const;

/**
 * One version of a questionnaire with one scoring version. Its schema, UI schema and scoring are form documents
 * (checked by `check:forms`): they pass as they are, and their types are the engine's (`QuestionnaireDefinition`).
 */
export const questionnaireDefinitionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'formId', 'version', 'scoringVersion', 'meta', 'scoring', 'itemIds', 'schema', 'uiSchema'],
  properties: {
    id: { type: 'string' },
    formId: { type: 'string' },
    version: { type: 'integer' },
    scoringVersion: { type: 'integer' },
    meta: { ...questionnaireMetaSchema, additionalProperties: true },
    scoring: { type: 'object', additionalProperties: true },
    itemIds: { type: 'array', items: { type: 'string' } },
    schema: { type: 'object', additionalProperties: true },
    uiSchema: { type: 'object', additionalProperties: true },
  },
} as const;

/** GET /questionnaires/:id/versions/:version[?scoring=S] */
export const definitionParamsSchema = {
  type: 'object',
  required: ['id', 'version'],
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' },
    version: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' },
  },
} as const;
export type DefinitionParams = FromSchema<typeof definitionParamsSchema>;
export const definitionQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { scoring: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } },
} as const;
export type DefinitionQuery = FromSchema<typeof definitionQuerySchema>;

/** GET /clients?q= */
export const clientListQuerySchema = {
  type: 'object',
  properties: { q: { type: 'string', maxLength: 100 } },
} as const;
export type ClientListQuery = FromSchema<typeof clientListQuerySchema>;

/**
 * POST /clients/:id/responses: give a questionnaire; `replaces` names the submitted response it corrects;
 * `respondent` who answers (one of the questionnaire's respondents; may be left out when it has only one).
 */
export const giveBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['questionnaireId'],
  properties: {
    questionnaireId: { type: 'string', minLength: 1, maxLength: 64 },
    language: languageSchema,
    replaces: { type: 'string', maxLength: 64 },
    respondent: { type: 'string', enum: QUESTIONNAIRE_RESPONDENTS },
    ageOverride: { type: 'boolean' },
  },
} as const;
export type GiveBody = FromSchema<typeof giveBodySchema>;

/** PUT /responses/:id: a draft's answers, and the version they were read at. */
export const responseSaveBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['answers'],
  properties: { answers: answersSchema, version: versionSchema },
} as const;
export type ResponseSaveBody = FromSchema<typeof responseSaveBodySchema>;

/**
 * POST /responses/:id/submit: the answers and version, both optional. Other properties (a score the client computed
 * for its preview) are accepted and never read (ADR 087).
 */
export const responseSubmitBodySchema = {
  type: ['object', 'null'],
  properties: { answers: answersSchema, version: versionSchema },
} as const;
export type ResponseSubmitBody = NonNullable<FromSchema<typeof responseSubmitBodySchema>>;

/** PUT /responses/:id/language and /respond/:token/language */
export const languageBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['language'],
  properties: { language: languageSchema },
} as const;
export type LanguageBody = FromSchema<typeof languageBodySchema>;
