import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import type { ScoreResult } from '../../forms/questionnaires';
import type { Lang } from '../../forms/types';
import type { Answers, QuestionnaireRespondent, ResponseStatus } from '../../shared';
import { decryptJson, encryptJson } from '../crypto/encryption';
import type { Database } from '../db/schema';
import { visibleClientIds, visibleClientIdsSql, visibleClientSql } from '../intake/client-visibility';

export type { Answers, ResponseStatus } from '../../shared';

/** Where a response stands: what every save answers and a 409 carries. */
export interface ResponseMeta {
  id: string;
  status: ResponseStatus;
  version: number;
  updatedAt: Date;
}

/** A response without its answers: what lists and results need. */
export interface ResponseSummary extends ResponseMeta {
  intakeId: string;
  questionnaireId: string;
  questionnaireVersion: number;
  scoringVersion: number;
  language: Lang;
  /** Who answered (ADR 125); null for responses given before it was recorded. */
  respondent: QuestionnaireRespondent | null;
  replacesId: string | null;
  createdAt: Date;
  submittedAt: Date | null;
  /** The server's score of record; null while a draft. */
  result: ScoreResult | null;
}

export interface ResponseRecord extends ResponseSummary {
  answers: Answers;
}

export interface NewResponse {
  intakeId: string;
  questionnaireId: string;
  questionnaireVersion: number;
  scoringVersion: number;
  language: Lang;
  respondent: QuestionnaireRespondent | null;
  replacesId: string | null;
  /** A correction starts from the answers of the response it replaces; a new draft from none. */
  answers?: Answers;
}

// the id is bound into each ciphertext, so a blob copied onto another row does not decrypt there
const answersContext = (id: string) => `questionnaire-response:${id}:answers`;
export const resultContext = (id: string) => `questionnaire-response:${id}:result`;

interface Row {
  id: string;
  intake_id: string;
  questionnaire_id: string;
  questionnaire_version: number;
  scoring_version: number;
  language: Lang;
  respondent: QuestionnaireRespondent | null;
  status: ResponseStatus;
  version: number;
  replaces_id: string | null;
  answers_encrypted: string;
  result_encrypted: string | null;
  created_at: Date;
  updated_at: Date;
  submitted_at: Date | null;
}

const metaOf = (row: Pick<Row, 'id' | 'status' | 'version' | 'updated_at'>): ResponseMeta => ({
  id: row.id,
  status: row.status,
  version: row.version,
  updatedAt: row.updated_at,
});

/** Created only under a client the practitioner sees (ADR 103): another's or a deleted record creates nothing. */
const CREATE = `insert into questionnaire_responses
    (id, practitioner_id, intake_id, questionnaire_id, questionnaire_version, scoring_version, language,
     replaces_id, answers_encrypted, respondent)
  select $1::uuid, $2::uuid, $3::uuid, $4::text, $5::int, $6::int, $7::text, $8::uuid, $9::text, $10::text
  where exists (select 1 from client_intakes where id = $3::uuid and ${visibleClientSql('$2::uuid')})
  returning id, status, version, updated_at`;

/**
 * A re-scored copy of a submitted response (ADR 109): submitted at the original's time so the series keeps its
 * dates, naming the original it replaces in results; only when the original is still submitted and not replaced.
 */
const RESCORE = `insert into questionnaire_responses
    (id, practitioner_id, intake_id, questionnaire_id, questionnaire_version, scoring_version, language,
     replaces_id, answers_encrypted, result_encrypted, status, submitted_at, respondent)
  select $1::uuid, o.practitioner_id, o.intake_id, o.questionnaire_id, o.questionnaire_version, $3::int, o.language,
     o.id, $4::text, $5::text, 'submitted', o.submitted_at, o.respondent
  from questionnaire_responses o
  where o.id = $2::uuid and o.status = 'submitted'
    and not exists (select 1 from questionnaire_responses r where r.replaces_id = o.id and r.status = 'submitted')
  returning id, status, version, updated_at`;

/**
 * A write to a draft of a client the practitioner sees (ADR 103) only: a submitted response never changes (ADR
 * 086). `$6` submits: it stores the result and
 * the time; `$5` is the version the client last saw (null: whatever it is now).
 */
const WRITE = `update questionnaire_responses set
    answers_encrypted = $3::text,
    result_encrypted = coalesce($4::text, result_encrypted),
    status = case when $6::boolean then 'submitted' else status end,
    submitted_at = case when $6::boolean then now() else submitted_at end,
    version = version + 1,
    updated_at = greatest(now(), updated_at + interval '1 millisecond')
  where id = $1::uuid and practitioner_id = $2::uuid and status = 'draft'
    and intake_id in ${visibleClientIdsSql('$2::uuid')}
    and ($5::int is null or version = $5::int)
  returning id, status, version, updated_at`;

/**
 * Storage of questionnaire responses: the visibility rule of their client (ADR 103) is part of every query but the
 * account export's, so a deleted client's responses are not found; answers and results are sealed.
 */
export function createResponseStore(db: Kysely<Database>, key: Buffer) {
  const summaryOf = (row: Omit<Row, 'answers_encrypted'>): ResponseSummary => ({
    ...metaOf(row),
    intakeId: row.intake_id,
    questionnaireId: row.questionnaire_id,
    questionnaireVersion: row.questionnaire_version,
    scoringVersion: row.scoring_version,
    language: row.language,
    respondent: row.respondent,
    replacesId: row.replaces_id,
    createdAt: row.created_at,
    submittedAt: row.submitted_at,
    result: row.result_encrypted
      ? decryptJson<ScoreResult>(key, row.result_encrypted, resultContext(row.id))
      : null,
  });

  const summaryColumns = [
    'id',
    'intake_id',
    'questionnaire_id',
    'questionnaire_version',
    'scoring_version',
    'language',
    'respondent',
    'status',
    'version',
    'replaces_id',
    'result_encrypted',
    'created_at',
    'updated_at',
    'submitted_at',
  ] as const;

  return {
    /** A new draft (with the given answers, else none); undefined when the intake is not the practitioner's. */
    async create(practitionerId: string, input: NewResponse): Promise<ResponseMeta | undefined> {
      const id = randomUUID();
      const { rows } = await db.executeQuery<Row>(
        CompiledQuery.raw(CREATE, [
          id,
          practitionerId,
          input.intakeId,
          input.questionnaireId,
          input.questionnaireVersion,
          input.scoringVersion,
          input.language,
          input.replacesId,
          encryptJson(key, input.answers ?? {}, answersContext(id)),
          input.respondent,
        ]),
      );
      return rows[0] && metaOf(rows[0]);
    },

    async find(practitionerId: string, id: string): Promise<ResponseRecord | undefined> {
      const row = (await db
        .selectFrom('questionnaire_responses')
        .selectAll()
        .where('id', '=', id)
        .where('practitioner_id', '=', practitionerId)
        .where('intake_id', 'in', visibleClientIds(db, practitionerId))
        .executeTakeFirst()) as Row | undefined;
      if (!row) return undefined;
      return {
        ...summaryOf(row),
        answers: decryptJson<Answers>(key, row.answers_encrypted, answersContext(row.id)),
      };
    },

    /**
     * Every response of the practitioner, answers and results opened, a deleted client's awaiting their purge
     * included: the account archive (ADR 091), the one read past the visibility rule (ADR 103).
     */
    async everything(practitionerId: string): Promise<ResponseRecord[]> {
      const rows = (await db
        .selectFrom('questionnaire_responses')
        .selectAll()
        .where('practitioner_id', '=', practitionerId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()) as Row[];
      return rows.map((row) => ({
        ...summaryOf(row),
        answers: decryptJson<Answers>(key, row.answers_encrypted, answersContext(row.id)),
      }));
    },

    /** Where a response stands; nothing is decrypted. */
    async meta(practitionerId: string, id: string): Promise<ResponseMeta | undefined> {
      const row = await db
        .selectFrom('questionnaire_responses')
        .select(['id', 'status', 'version', 'updated_at'])
        .where('id', '=', id)
        .where('practitioner_id', '=', practitionerId)
        .where('intake_id', 'in', visibleClientIds(db, practitionerId))
        .executeTakeFirst();
      return row && metaOf(row);
    },

    /** The responses given to one client (intake record), oldest first, with results but without answers. */
    async listForIntake(practitionerId: string, intakeId: string): Promise<ResponseSummary[]> {
      const rows = await db
        .selectFrom('questionnaire_responses')
        .select(summaryColumns)
        .where('practitioner_id', '=', practitionerId)
        .where('intake_id', '=', intakeId)
        .where('intake_id', 'in', visibleClientIds(db, practitionerId))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => summaryOf(row as Omit<Row, 'answers_encrypted'>));
    },

    /** One client's submitted responses to one questionnaire with their answers opened, oldest first (ADR 130). */
    async submittedWithAnswers(
      practitionerId: string,
      intakeId: string,
      questionnaireId: string,
    ): Promise<ResponseRecord[]> {
      const rows = (await db
        .selectFrom('questionnaire_responses')
        .selectAll()
        .where('practitioner_id', '=', practitionerId)
        .where('intake_id', '=', intakeId)
        .where('questionnaire_id', '=', questionnaireId)
        .where('status', '=', 'submitted')
        .where('intake_id', 'in', visibleClientIds(db, practitionerId))
        .orderBy('submitted_at')
        .orderBy('id')
        .execute()) as Row[];
      return rows.map((row) => ({
        ...summaryOf(row),
        answers: decryptJson<Answers>(key, row.answers_encrypted, answersContext(row.id)),
      }));
    },

    /**
     * Stores `original` scored again with `scoringVersion` as a new submitted response replacing it; the original
     * row is not touched. Undefined when the original is not submitted or was replaced meanwhile.
     */
    async createRescored(
      original: ResponseRecord,
      scoringVersion: number,
      result: ScoreResult,
    ): Promise<ResponseMeta | undefined> {
      const id = randomUUID();
      const { rows } = await db.executeQuery<Row>(
        CompiledQuery.raw(RESCORE, [
          id,
          original.id,
          scoringVersion,
          encryptJson(key, original.answers, answersContext(id)),
          encryptJson(key, result, resultContext(id)),
        ]),
      );
      return rows[0] && metaOf(rows[0]);
    },

    /**
     * Sets the language a draft is filled in (ADR 111); the answers and their version are not touched, so a save on
     * its way still lands. Undefined when no draft of a client the practitioner sees matched.
     */
    async setLanguage(practitionerId: string, id: string, language: Lang): Promise<ResponseMeta | undefined> {
      const row = await db
        .updateTable('questionnaire_responses')
        .set({ language })
        .where('id', '=', id)
        .where('practitioner_id', '=', practitionerId)
        .where('status', '=', 'draft')
        .where('intake_id', 'in', visibleClientIds(db, practitionerId))
        .returning(['id', 'status', 'version', 'updated_at'])
        .executeTakeFirst();
      return row && metaOf(row);
    },

    /**
     * Writes the answers of a draft (and, when `result` is given, submits it with that result) in one statement;
     * undefined when no row matched: unknown or another's id, submitted already, or another version.
     */
    async write(
      practitionerId: string,
      id: string,
      expectedVersion: number | undefined,
      answers: Answers,
      result?: ScoreResult,
    ): Promise<ResponseMeta | undefined> {
      const { rows } = await db.executeQuery<Row>(
        CompiledQuery.raw(WRITE, [
          id,
          practitionerId,
          encryptJson(key, answers, answersContext(id)),
          result ? encryptJson(key, result, resultContext(id)) : null,
          expectedVersion ?? null,
          result !== undefined,
        ]),
      );
      return rows[0] && metaOf(rows[0]);
    },
  };
}

export type ResponseStore = ReturnType<typeof createResponseStore>;
