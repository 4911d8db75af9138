import type { Engine } from '../../forms/engine';
import {
  alertsOf,
  errorsOfShownItems,
  flagLabelKey,
  type QuestionnaireCatalog,
  type QuestionnaireDefinition,
  type ScoreResult,
  ScoringVersionNotFoundError,
  scoreAnswers,
  visibleAnswers,
} from '../../forms/questionnaires';
import { LANGS, type Lang } from '../../forms/types';
import {
  ERROR_CODES,
  isUuid,
  type QuestionnaireRespondent,
  type ResponseView,
  type SectionData,
} from '../../shared';
import { AppError, assertUuid, notFound, validationFailed } from '../errors';
import type { Attention } from './attention';
import type { Answers, ResponseMeta, ResponseRecord, ResponseStore, ResponseSummary } from './response-store';
import { scoringContextOf } from './scoring-context';

const whereItStands = (meta: ResponseMeta) => ({
  id: meta.id,
  status: meta.status,
  version: meta.version,
  updatedAt: meta.updatedAt.toISOString(),
});

/** 409: a submitted response never changes; a correction is a new response naming it (ADR 086). */
export const responseSubmitted = (meta: ResponseMeta) =>
  new AppError(409, ERROR_CODES.RESPONSE_SUBMITTED, 'questionnaires.submitted', {
    extra: whereItStands(meta),
  });

/** 409: the response names a scoring version this server no longer has; it is refused, never rescored (ADR 109). */
export const scoringVersionMissing = (scoringVersion: number) =>
  new AppError(409, ERROR_CODES.SCORING_VERSION_MISSING, 'questionnaires.scoringVersionMissing', {
    params: { scoringVersion },
    extra: { scoringVersion },
  });

/** 422: shown required items are unanswered (item -> message); nothing was stored (ADR 107). */
export const responseIncomplete = (fields: Record<string, string>) =>
  new AppError(422, ERROR_CODES.RESPONSE_INCOMPLETE, 'questionnaires.incomplete', { fields });

/** 409: the response moved on since the client read it. */
export const responseConflict = (meta: ResponseMeta) =>
  new AppError(409, ERROR_CODES.CONFLICT, 'questionnaires.conflict', { extra: whereItStands(meta) });

/** What a response is pinned to (ADR 086, 109). */
type Pinned = Pick<ResponseSummary, 'questionnaireId' | 'questionnaireVersion' | 'scoringVersion'>;

export interface GiveInput {
  questionnaireId: string;
  language: Lang;
  /** A submitted response of the same client and questionnaire that this one corrects. */
  replaces?: string;
  /**
   * Who answers: one of the questionnaire's respondents; may be left out when it has only one. A correction keeps
   * the respondent of the response it replaces.
   */
  respondent?: QuestionnaireRespondent;
}

/** The intake's demographics section of a client the practitioner sees: birth date and gender for the norms. */
export type DemographicsOf = (practitionerId: string, intakeId: string) => Promise<SectionData | undefined>;

/** Both languages' texts of one key of a questionnaire's locale file (absent in a language: undefined). */
function textsOf(engine: Engine, formId: string, key: string): Partial<Record<Lang, string>> {
  const out: Partial<Record<Lang, string>> = {};
  for (const lang of LANGS) {
    const text = engine.translate(lang, formId, key);
    if (text !== undefined) out[lang] = text;
  }
  return out;
}

/** The languages a questionnaire can be given in: those its locale files give a title in (ADR 111). */
export function languagesOf(engine: Engine, def: QuestionnaireDefinition): Lang[] {
  return LANGS.filter((lang) => engine.translate(lang, def.formId, '_form.title') !== undefined);
}

/** 400: the questionnaire has no texts in that language, so it cannot be filled in it. */
const languageUnavailable = () =>
  validationFailed({ language: { key: 'questionnaires.languageUnavailable' } });

/** The library card of a questionnaire: what a practitioner chooses by; texts in both languages. */
export function libraryEntry(engine: Engine, def: QuestionnaireDefinition) {
  const title = textsOf(engine, def.formId, '_form.title');
  return {
    id: def.id,
    formId: def.formId,
    version: def.version,
    scoringVersion: def.scoringVersion,
    title,
    description: textsOf(engine, def.formId, '_form.description'),
    respondents: def.meta.respondents,
    itemCount: def.itemIds.length,
    minutes: def.meta.minutes,
    languages: languagesOf(engine, def),
    ageRange: def.meta.ageRange,
    licence: def.meta.licence,
    flags: Object.fromEntries(
      (def.scoring.flags ?? []).map((flag) => [flag.id, textsOf(engine, def.formId, flagLabelKey(flag.id))]),
    ),
  };
}

/**
 * Who answers a new response (ADR 125): a correction the respondent of the response it replaces (400 when another
 * is named), else the one named, which the questionnaire must list, or its only one when none is named.
 */
function respondentOf(
  def: QuestionnaireDefinition,
  named: QuestionnaireRespondent | undefined,
  replaced: ResponseRecord | undefined,
): QuestionnaireRespondent | null {
  if (replaced) {
    if (named !== undefined && named !== replaced.respondent)
      throw validationFailed({ respondent: { key: 'questionnaires.respondentOfReplaced' } });
    return replaced.respondent;
  }
  const listed = def.meta.respondents;
  if (named === undefined) {
    if (listed.length === 1) return listed[0]!;
    throw validationFailed({ respondent: { key: 'questionnaires.respondentRequired' } });
  }
  if (!listed.includes(named))
    throw validationFailed({ respondent: { key: 'questionnaires.respondentNotAllowed' } });
  return named;
}

/** A response as the API answers it: pins, who answered, status, answers, the server's result. */
export function responseView(record: ResponseRecord): ResponseView {
  return {
    id: record.id,
    clientId: record.intakeId,
    respondent: record.respondent,
    questionnaireId: record.questionnaireId,
    questionnaireVersion: record.questionnaireVersion,
    scoringVersion: record.scoringVersion,
    language: record.language,
    status: record.status,
    version: record.version,
    replaces: record.replacesId,
    answers: record.answers,
    result: record.result,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    submittedAt: record.submittedAt?.toISOString() ?? null,
  };
}

/**
 * Giving, filling and submitting questionnaires. The score of record is always computed here from the stored
 * answers with the pinned scoring version; a score a client sends is never read (ADR 087).
 */
export function createResponseService(
  engine: Engine,
  catalog: QuestionnaireCatalog,
  store: ResponseStore,
  attention: Attention,
  demographicsOf: DemographicsOf,
) {
  /** The pinned definition of a stored response: its form and scoring versions, never the latest (ADR 109). */
  function definitionOf(record: Pinned) {
    try {
      return catalog.get(record.questionnaireId, record.questionnaireVersion, record.scoringVersion);
    } catch (error) {
      if (error instanceof ScoringVersionNotFoundError) throw scoringVersionMissing(record.scoringVersion);
      throw error;
    }
  }

  /**
   * Field errors of answers in a mode; errors on items hidden by a show-if condition (or not in this respondent's
   * version) do not count.
   */
  function errorsOf(
    def: QuestionnaireDefinition,
    answers: Answers,
    respondent: QuestionnaireRespondent | null,
    mode: 'draft' | 'full',
    lang: Lang,
  ) {
    const fields: Record<string, string> = {};
    const errors = engine.validate(def.formId, def.version, answers, { mode, lang });
    for (const error of errorsOfShownItems(def, answers, errors, respondent))
      fields[error.path || '_form'] ??= error.message;
    return fields;
  }

  /** Why a write matched no row: gone (404), submitted (409) or another version (409). */
  async function refusal(practitionerId: string, id: string): Promise<AppError> {
    const now = await store.meta(practitionerId, id);
    if (!now) return notFound();
    if (now.status === 'submitted') return responseSubmitted(now);
    return responseConflict(now);
  }

  async function find(practitionerId: string, id: string): Promise<ResponseRecord> {
    assertUuid(id);
    const record = await store.find(practitionerId, id);
    if (!record) throw notFound();
    return record;
  }

  return {
    /** The latest version of every questionnaire, sorted by id. */
    library() {
      return catalog.list().map((def) => libraryEntry(engine, def));
    },

    /** One version's definition with one scoring version (the newest when not named); 404 for an unknown one. */
    definition(id: string, version: number, scoringVersion?: number): QuestionnaireDefinition {
      if (!catalog.has(id, version, scoringVersion)) throw notFound();
      return catalog.get(id, version, scoringVersion);
    },

    definitionOf,

    /** The age range a questionnaire's metadata gives; undefined for an unknown questionnaire. */
    ageRangeOf(id: string): { min: number; max: number } | undefined {
      return catalog.has(id) ? catalog.get(id).meta.ageRange : undefined;
    },

    /**
     * Gives a questionnaire to a client: a new draft pinned to the latest questionnaire and scoring versions. A
     * correction pins the versions of the response it replaces, so the two stay comparable, and starts from its
     * answers, so the practitioner changes only what was wrong.
     */
    async give(practitionerId: string, intakeId: string, input: GiveInput): Promise<ResponseRecord> {
      assertUuid(intakeId);
      let pinned: ResponseRecord | undefined;
      if (input.replaces !== undefined) {
        const replaced = isUuid(input.replaces)
          ? await store.find(practitionerId, input.replaces)
          : undefined;
        if (
          !replaced ||
          replaced.intakeId !== intakeId ||
          replaced.questionnaireId !== input.questionnaireId ||
          replaced.status !== 'submitted'
        ) {
          throw validationFailed({ replaces: { key: 'questionnaires.replacesInvalid' } });
        }
        pinned = replaced;
      }
      if (!catalog.has(input.questionnaireId))
        throw validationFailed({ questionnaireId: { key: 'questionnaires.unknown' } });
      const def = pinned ? definitionOf(pinned) : catalog.get(input.questionnaireId);
      if (!languagesOf(engine, def).includes(input.language)) throw languageUnavailable();
      const respondent = respondentOf(def, input.respondent, pinned);
      const created = await store.create(practitionerId, {
        intakeId,
        questionnaireId: def.id,
        questionnaireVersion: def.version,
        scoringVersion: def.scoringVersion,
        language: input.language,
        respondent,
        replacesId: input.replaces ?? null,
        answers: pinned?.answers ?? {},
      });
      if (!created) throw notFound();
      return find(practitionerId, created.id);
    },

    find,

    /** Saves a draft's answers (draft mode; hidden answers dropped); 409 when submitted or at another version. */
    async saveDraft(
      practitionerId: string,
      id: string,
      input: { answers: Answers; version?: number },
    ): Promise<ResponseMeta & { intakeId: string }> {
      const current = await find(practitionerId, id);
      if (current.status === 'submitted') throw responseSubmitted(current);
      const def = definitionOf(current);
      const answers = visibleAnswers(def, input.answers, current.respondent);
      // each item's message stands under the item: in the language the response is filled in, as its words are
      const fields = errorsOf(def, answers, current.respondent, 'draft', current.language);
      if (Object.keys(fields).length > 0) throw validationFailed(fields);
      const saved = await store.write(practitionerId, id, input.version, answers);
      if (!saved) throw await refusal(practitionerId, id);
      return { ...saved, intakeId: current.intakeId };
    },

    /**
     * Changes the language a draft is filled in (ADR 111): one the questionnaire has texts in, else 400; a submitted
     * response keeps the language it was given in (409).
     */
    async changeLanguage(practitionerId: string, id: string, language: Lang): Promise<ResponseRecord> {
      const current = await find(practitionerId, id);
      if (current.status === 'submitted') throw responseSubmitted(current);
      if (!languagesOf(engine, definitionOf(current)).includes(language)) throw languageUnavailable();
      if (!(await store.setLanguage(practitionerId, id, language))) throw await refusal(practitionerId, id);
      return find(practitionerId, id);
    },

    /**
     * Submits: the answers (sent, else the stored draft's) are checked with the pinned form version, hidden answers
     * are dropped, and every score is computed here with the pinned scoring version, read for who answered and the
     * client's age and sex on this day (ADR 125), kept in the result. A value an item cannot take is a 400;
     * unanswered shown required items a 422 listing them (ADR 107).
     */
    async submit(
      practitionerId: string,
      id: string,
      input: { answers?: Answers; version?: number },
    ): Promise<ResponseRecord> {
      const current = await find(practitionerId, id);
      if (current.status === 'submitted') throw responseSubmitted(current);
      const def = definitionOf(current);
      // each item's message in the response's language (the form on screen), the answer's own in the request's
      const { respondent, language: lang } = current;
      const answers = visibleAnswers(def, input.answers ?? current.answers, respondent);
      const wrong = errorsOf(def, answers, respondent, 'draft', lang);
      if (Object.keys(wrong).length > 0) throw validationFailed(wrong);
      const missing = errorsOf(def, answers, respondent, 'full', lang);
      if (Object.keys(missing).length > 0) throw responseIncomplete(missing);
      const demographics = await demographicsOf(practitionerId, current.intakeId);
      const context = scoringContextOf(demographics, respondent, new Date());
      const result: ScoreResult = scoreAnswers(def, answers, context);
      const saved = await store.write(practitionerId, id, input.version, answers, result);
      if (!saved) throw await refusal(practitionerId, id);
      // a raised flag alerts as its pinned scoring file says, whoever submitted it (ADR 166)
      await attention.raise(practitionerId, id, alertsOf(def.scoring, result.flags));
      return find(practitionerId, id);
    },

    /** "Needs attention": open alerts, urgent first, and sendings unanswered after their reminder. */
    attentionPending: (practitionerId: string) => attention.pending(practitionerId),

    /** The responses given to a client, oldest first, without answers. */
    list(practitionerId: string, intakeId: string): Promise<ResponseSummary[]> {
      return store.listForIntake(practitionerId, intakeId);
    },
  };
}

export type ResponseService = ReturnType<typeof createResponseService>;
