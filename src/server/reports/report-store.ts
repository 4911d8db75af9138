import type { Kysely } from 'kysely';
import type { ScoreResult } from '../../forms/questionnaires';
import type { QuestionnaireRespondent } from '../../shared';
import { decryptJson } from '../crypto/encryption';
import type { Database } from '../db/schema';
import { visibleClient, visibleClientIds } from '../intake/client-visibility';
import { summaryContext } from '../intake/store';
import { resultContext } from '../questionnaires/response-store';

/** A submitted response counted by the report, before anything is decrypted. */
export interface Candidate {
  id: string;
  intakeId: string;
  submittedAt: Date;
}

export interface CandidateQuery {
  questionnaireId: string;
  /** Only this informant's responses; null counts every response (a questionnaire with one respondent). */
  respondent: QuestionnaireRespondent | null;
  /** The period, `start` included and `end` not. */
  start: Date;
  end: Date;
}

/**
 * What the change report reads (ADR 129), under the visibility rule of clients (ADR 103). Results are sealed, so
 * the candidates come first without them and only the results the report compares are opened.
 */
export function createReportStore(db: Kysely<Database>, key: Buffer) {
  return {
    /**
     * The submitted responses of visible clients in the period, a response a submitted correction replaced left
     * out, per client in time order.
     */
    async candidates(practitionerId: string, query: CandidateQuery): Promise<Candidate[]> {
      let select = db
        .selectFrom('questionnaire_responses as r')
        .select(['r.id', 'r.intake_id', 'r.submitted_at'])
        .where('r.practitioner_id', '=', practitionerId)
        .where('r.questionnaire_id', '=', query.questionnaireId)
        .where('r.status', '=', 'submitted')
        .where('r.submitted_at', '>=', query.start)
        .where('r.submitted_at', '<', query.end)
        .where('r.intake_id', 'in', visibleClientIds(db, practitionerId))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('questionnaire_responses as c')
                .select('c.id')
                .whereRef('c.replaces_id', '=', 'r.id')
                .where('c.status', '=', 'submitted'),
            ),
          ),
        );
      if (query.respondent !== null) select = select.where('r.respondent', '=', query.respondent);
      const rows = await select.orderBy('r.intake_id').orderBy('r.submitted_at').orderBy('r.id').execute();
      return rows.map((row) => ({ id: row.id, intakeId: row.intake_id, submittedAt: row.submitted_at! }));
    },

    /** The scores of record of the given responses of the practitioner, opened. */
    async results(practitionerId: string, ids: string[]): Promise<Map<string, ScoreResult>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('questionnaire_responses')
        .select(['id', 'result_encrypted'])
        .where('practitioner_id', '=', practitionerId)
        .where('id', 'in', ids)
        .execute();
      const results = new Map<string, ScoreResult>();
      for (const row of rows) {
        if (row.result_encrypted)
          results.set(row.id, decryptJson<ScoreResult>(key, row.result_encrypted, resultContext(row.id)));
      }
      return results;
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
