import { accountAlerts } from '../../questionnaires/attention';
import type { DataCategory } from '../data-category';
import { iso } from '../data-category';

/**
 * Alerts raised by responses (ADR 166) and what the practitioner did about them, with their notes opened. Purged
 * before the responses they hang under, so the destruction log counts them instead of a cascade taking them unseen.
 */
export const responseAlertsCategory: DataCategory = {
  name: 'response-alerts',
  async export({ db, keys, say }, practitionerId) {
    const alerts = await accountAlerts(db, keys.encryption, practitionerId);
    const data = alerts.map((a) => ({
      id: a.id,
      clientId: a.intake_id,
      responseId: a.response_id,
      questionnaire: a.questionnaire_id,
      respondent: a.respondent,
      flag: a.flag_id,
      level: a.level,
      state: a.state,
      raisedAt: iso(a.raised_at),
      mailedAt: iso(a.mailed_at) || null,
      handledAt: iso(a.handled_at) || null,
      note: a.note,
    }));
    return {
      data,
      table: {
        columns: [
          'clientName',
          'questionnaire',
          'respondent',
          'alertLevel',
          'at',
          'status',
          'handledAt',
          'note',
        ],
        rows: alerts.map((a) => [
          say.client(a.intake_id),
          say.word(`questionnaires/${a.questionnaire_id}`, '_form.title'),
          a.respondent ? say.word('questionnaires', `respondents.${a.respondent}`) : '',
          say.word('privacy', `archive.values.alertLevel.${a.level}`),
          say.time(a.raised_at),
          say.word('privacy', `archive.values.alertState.${a.state}`),
          say.time(a.handled_at),
          a.note ?? '',
        ]),
      },
    };
  },
  async purgeAccount(tx, practitionerId) {
    const result = await tx
      .deleteFrom('response_alerts')
      .where('practitioner_id', '=', practitionerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
  async purgeExpired(tx, clock) {
    // an alert goes with its response: counted here first, by the same rules as questionnaire-responses
    const gone = (rule: string, n: bigint | undefined) => ({ rule, count: Number(n ?? 0) });
    const deleted = await tx
      .deleteFrom('response_alerts')
      .where('response_id', 'in', (eb) =>
        eb
          .selectFrom('questionnaire_responses as r')
          .innerJoin('client_intakes as i', 'i.id', 'r.intake_id')
          .select('r.id')
          .where('i.deleted_at', '<=', clock.graceCutoff),
      )
      .executeTakeFirst();
    const retired = await tx
      .deleteFrom('response_alerts')
      .where('response_id', 'in', (eb) =>
        eb
          .selectFrom('questionnaire_responses as r')
          .innerJoin('client_intakes as i', 'i.id', 'r.intake_id')
          .select('r.id')
          .where('i.updated_at', '<=', clock.retentionCutoff)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('questionnaire_responses as q')
                  .select('q.id')
                  .whereRef('q.intake_id', '=', 'i.id')
                  .where('q.updated_at', '>', clock.retentionCutoff),
              ),
            ),
          ),
      )
      .executeTakeFirst();
    return [
      gone('deleted-record-grace-period', deleted.numDeletedRows),
      gone('retention-period', retired.numDeletedRows),
    ];
  },
};
