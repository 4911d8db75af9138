import { type Kysely, sql } from 'kysely';
import type { ScoreResult } from '../../forms/questionnaires';
import type { QuestionnaireRespondent } from '../../shared';
import { decryptJson } from '../crypto/encryption';
import type { Database } from '../db/schema';
import { visibleClient, visibleClientIds } from '../intake/client-visibility';
import { summaryContext } from '../intake/store';
import { resultContext } from '../questionnaires/response-store';

/** A submitted response counted by the report, with its score of record opened. */
export interface Counted {
  id: string;
  intakeId: string;
  submittedAt: Date;
  result: ScoreResult | null;
  /** How many of the client's counted responses there are in the period. */
  total: number;
}

export interface CountedQuery {
  questionnaireId: string;
  /** Only this informant's responses; null counts every response (a questionnaire with one respondent). */
  respondent: QuestionnaireRespondent | null;
  /** The period, `start` included and `end` not. */
  start: Date;
  end: Date;
}

/**
 * What the change report reads (ADR 129), under the visibility rule of clients (ADR 103). Results are sealed, and
 * opening every one of a caseload was where the time went: the database picks each client's first and last
 * responses, and only those are sent and opened.
 */
export function createReportStore(db: Kysely<Database>, key: Buffer) {
  return {
    /**
     * The submitted responses of visible clients in the period, a response a submitted correction replaced left
     * out, per client in time order: `depth` from each end of a client's (all with `depth` null), of every client
     * or of the given ones.
     */
    async counted(
      practitionerId: string,
      query: CountedQuery,
      depth: number | null,
      intakeIds?: string[],
    ): Promise<Counted[]> {
      if (intakeIds?.length === 0) return [];
      const { rows } = await sql<{
        id: string;
        intake_id: string;
        submitted_at: Date;
        result_encrypted: string | null;
        first_n: string | number;
        last_n: string | number;
      }>`with base as (
          select r.id, r.intake_id, r.submitted_at, r.respondent, r.replaces_id
          from questionnaire_responses r
          where r.practitioner_id = ${practitionerId}
            and r.questionnaire_id = ${query.questionnaireId}
            and r.status = 'submitted'
            and r.intake_id in (${visibleClientIds(db, practitionerId)})
            and ${intakeIds ? sql`r.intake_id in (${sql.join(intakeIds)})` : sql`true`}
        ), ranked as (
          select b.id, b.intake_id, b.submitted_at,
            row_number() over (partition by b.intake_id order by b.submitted_at, b.id) as first_n,
            row_number() over (partition by b.intake_id order by b.submitted_at desc, b.id desc) as last_n
          from base b
          where b.submitted_at >= ${query.start} and b.submitted_at < ${query.end}
            and ${query.respondent === null ? sql`true` : sql`b.respondent = ${query.respondent}`}
            -- a correction replaces its original (one scan of the table serves both)
            and b.id not in (select c.replaces_id from base c where c.replaces_id is not null)
        )
        -- ranked on the narrow columns; the wide ciphertexts are read for the chosen rows only
        select k.id, k.intake_id, k.submitted_at, q.result_encrypted, k.first_n, k.last_n
        from ranked k join questionnaire_responses q on q.id = k.id
        where ${depth === null ? sql`true` : sql`k.first_n <= ${depth} or k.last_n <= ${depth}`}
        order by k.intake_id, k.submitted_at, k.id`.execute(db);
      return rows.map((row) => ({
        id: row.id,
        intakeId: row.intake_id,
        submittedAt: new Date(row.submitted_at),
        result: row.result_encrypted
          ? decryptJson<ScoreResult>(key, row.result_encrypted, resultContext(row.id))
          : null,
        total: Number(row.first_n) + Number(row.last_n) - 1,
      }));
    },

    /** The questionnaires with a submitted response of a visible client, the most recently answered first. */
    async answered(practitionerId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('questionnaire_responses')
        .select('questionnaire_id')
        .select((eb) => eb.fn.max('submitted_at').as('latest'))
        .where('practitioner_id', '=', practitionerId)
        .where('status', '=', 'submitted')
        .where('intake_id', 'in', visibleClientIds(db, practitionerId))
        .groupBy('questionnaire_id')
        .orderBy('latest', 'desc')
        .orderBy('questionnaire_id')
        .execute();
      return rows.map((row) => row.questionnaire_id);
    },

    /** The names of the given visible clients (a deleted one is not found). */
    async names(practitionerId: string, intakeIds: string[]): Promise<Map<string, string>> {
      if (intakeIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('client_intakes')
        .select(['id', 'summary_encrypted'])
        .where(visibleClient(practitionerId))
        .where('id', 'in', intakeIds)
        .execute();
      return new Map(
        rows.map((row) => [
          row.id,
          decryptJson<{ clientName: string }>(key, row.summary_encrypted, summaryContext(row.id)).clientName,
        ]),
      );
    },
  };
}

export type ReportStore = ReturnType<typeof createReportStore>;
