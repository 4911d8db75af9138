import { sql } from 'kysely';
import { createResponseStore } from '../../questionnaires/response-store';
import type { DataCategory } from '../data-category';
import { iso, type Say } from '../data-category';

/** `Kaygı 12 (Orta); Toplam 20`: a response's scores as one readable cell, in the questionnaire's words. */
function scoresText(
  say: Say,
  questionnaireId: string,
  result: {
    scales: Array<{ labelKey: string; score: number | null; band: { labelKey: string } | null }>;
  } | null,
) {
  if (!result) return '';
  const ns = `questionnaires/${questionnaireId}`;
  return result.scales
    .map((scale) => {
      const score = scale.score === null ? say.word('questionnaires', 'csv.notScored') : String(scale.score);
      return `${say.word(ns, scale.labelKey)} ${score}${scale.band ? ` (${say.word(ns, scale.band.labelKey)})` : ''}`;
    })
    .join('; ');
}

/**
 * Questionnaire responses (health data): who answered, the answers and the server's scores (with the context they
 * were read with), opened for the archive; purged as whole rows. Purged before the
 * intake records they hang under, so the destruction log counts them instead of a cascade taking them unseen.
 */
export const questionnaireResponsesCategory: DataCategory = {
  name: 'questionnaire-responses',
  async export({ db, keys, say }, practitionerId) {
    const responses = (await createResponseStore(db, keys.encryption).everything(practitionerId)).map(
      (r) => ({
        id: r.id,
        clientId: r.intakeId,
        questionnaire: r.questionnaireId,
        questionnaireVersion: r.questionnaireVersion,
        scoringVersion: r.scoringVersion,
        language: r.language,
        respondent: r.respondent,
        status: r.status,
        replaces: r.replacesId,
        createdAt: iso(r.createdAt),
        updatedAt: iso(r.updatedAt),
        submittedAt: iso(r.submittedAt) || null,
        answers: r.answers,
        result: r.result,
      }),
    );
    return {
      data: responses,
      table: {
        columns: ['clientName', 'questionnaire', 'language', 'respondent', 'status', 'submittedAt', 'scores'],
        rows: responses.map((r) => [
          say.client(r.clientId),
          say.word(`questionnaires/${r.questionnaire}`, '_form.title'),
          say.word('questionnaires', `languages.${r.language}`),
          r.respondent ? say.word('questionnaires', `respondents.${r.respondent}`) : '',
          say.word('privacy', `archive.values.responseStatus.${r.status}`),
          say.time(r.submittedAt),
          scoresText(say, r.questionnaire, r.result),
        ]),
      },
    };
  },
  async purgeAccount(tx, practitionerId) {
    const result = await tx
      .deleteFrom('questionnaire_responses')
      .where('practitioner_id', '=', practitionerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
  async purgeExpired(tx, clock) {
    const purge = async (rule: string, where: ReturnType<typeof sql>) => {
      const { rows } = await sql<{ n: number }>`with gone as (
          delete from questionnaire_responses where ${where} returning 1
        ) select count(*)::int as n from gone`.execute(tx);
      return { rule, count: rows[0]?.n ?? 0 };
    };
    return [
      // a deleted client record takes its responses with it when its grace period ends
      await purge(
        'deleted-record-grace-period',
        sql`intake_id in (select id from client_intakes where deleted_at <= ${clock.graceCutoff})`,
      ),
      // the retention period runs from the client's last activity: the record's or any response's
      await purge(
        'retention-period',
        sql`intake_id in (select i.id from client_intakes i where i.updated_at <= ${clock.retentionCutoff}
          and not exists (select 1 from questionnaire_responses r
            where r.intake_id = i.id and r.updated_at > ${clock.retentionCutoff}))`,
      ),
    ];
  },
};
