import { type Kysely, sql } from 'kysely';
import type { AlertActionBody, AttentionItem, ClientAlert, ListedAlertLevel } from '../../shared';
import type { Config } from '../config';
import { decryptJson, encryptJson } from '../crypto/encryption';
import type { Database } from '../db/schema';
import { assertUuid, notFound } from '../errors';
import { asLang, type Translator } from '../i18n';
import { assertVisibleClient, visibleClientIds } from '../intake/client-visibility';
import type { Mailer } from '../mail/mailer';
import { responseAttentionMail } from '../mail/templates';
import { type AlertMailThrottle, createAlertMailThrottle } from './alert-mail-throttle';

export interface AttentionDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  mailT: Translator;
  config: Pick<Config, 'publicUrl' | 'productName' | 'supportEmail' | 'alertMailMinutes'>;
  /** The key that seals a practitioner's notes. */
  key: Buffer;
  now: () => Date;
  onMailError: (error: unknown) => void;
}

/** A raised flag that alerts, with its level from the pinned scoring file. */
export interface RaisedAlert {
  flagId: string;
  level: ListedAlertLevel;
}

const noteContext = (alertId: string) => `response-alert-note:${alertId}`;
const LEVEL_ORDER = sql<number>`case when a.level = 'urgent' then 0 else 1 end`;

/**
 * Alerts a practitioner acts on (ADR 166): each raised flag the scoring file makes an alert is a row with its
 * level; urgent ones are mailed (without a word of the response, in the account's language), at most one mail per
 * practitioner per ALERT_MAIL_MINUTES; every alert stays in "Needs attention" until marked seen or resolved.
 */
export function createAttention({ db, mailer, mailT, config, key, now, onMailError }: AttentionDeps) {
  /** Mails the practitioner once for every response with urgent alerts not mailed yet, counting them. */
  async function mailWaiting(practitionerId: string): Promise<void> {
    const { rows } = await sql<{ id: string; response_id: string }>`
      update response_alerts set mailed_at = ${now()}
      where practitioner_id = ${practitionerId} and level = 'urgent' and mailed_at is null
      returning id, response_id`.execute(db);
    const responses = new Set(rows.map((r) => r.response_id)).size;
    if (responses === 0) return;
    try {
      const user = await db
        .selectFrom('users')
        .select(['email', 'first_name', 'language'])
        .where('id', '=', practitionerId)
        .executeTakeFirstOrThrow();
      const ctx = {
        t: mailT,
        lang: asLang(user.language),
        productName: config.productName,
        supportEmail: config.supportEmail,
      };
      // the dashboard is where the alerts wait; the link carries nothing that names them
      await mailer.send(
        responseAttentionMail(
          ctx,
          { email: user.email, firstName: user.first_name },
          `${config.publicUrl}/dashboard`,
          responses,
        ),
        practitionerId,
      );
    } catch (error) {
      // not queued: they wait for the next mail
      await db
        .updateTable('response_alerts')
        .set({ mailed_at: null })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
        .catch(() => undefined);
      throw error;
    }
  }

  const throttle: AlertMailThrottle = createAlertMailThrottle({
    send: mailWaiting,
    windowMs: config.alertMailMinutes * 60_000,
    onError: onMailError,
  });

  return {
    /** Stores a submitted response's alerts (once per flag) and, for an urgent one, lets the throttle mail. */
    async raise(practitionerId: string, responseId: string, alerts: readonly RaisedAlert[]): Promise<void> {
      if (alerts.length === 0) return;
      const inserted = await db
        .insertInto('response_alerts')
        .values(
          alerts.map((a) => ({
            practitioner_id: practitionerId,
            response_id: responseId,
            flag_id: a.flagId,
            level: a.level,
            raised_at: now(),
          })),
        )
        .onConflict((oc) => oc.columns(['response_id', 'flag_id']).doNothing())
        .returning('level')
        .execute();
      if (inserted.some((a) => a.level === 'urgent')) await throttle.notify(practitionerId);
    },

    /** Mails every practitioner whose urgent alerts wait for a mail (the server starts: timers did not survive). */
    async mailAllWaiting(): Promise<void> {
      const waiting = await db
        .selectFrom('response_alerts')
        .select('practitioner_id')
        .distinct()
        .where('level', '=', 'urgent')
        .where('mailed_at', 'is', null)
        .execute();
      for (const { practitioner_id } of waiting) await throttle.notify(practitioner_id);
    },

    /**
     * "Needs attention": the open alerts of clients the practitioner sees, urgent first, then review, oldest first
     * within a level; then the scheduled sendings still unanswered after their reminder, before their link expires.
     */
    async pending(practitionerId: string): Promise<AttentionItem[]> {
      const alerts = await db
        .selectFrom('response_alerts as a')
        .innerJoin('questionnaire_responses as r', 'r.id', 'a.response_id')
        .select([
          'a.id',
          'a.level',
          'a.flag_id',
          'a.raised_at',
          'r.id as response_id',
          'r.intake_id',
          'r.questionnaire_id',
          'r.respondent',
        ])
        .where('a.practitioner_id', '=', practitionerId)
        .where('a.state', '=', 'open')
        // the clients the practitioner sees (ADR 103): a deleted client's alert could never be opened
        .where('r.intake_id', 'in', visibleClientIds(db, practitionerId))
        .orderBy(LEVEL_ORDER)
        .orderBy('a.raised_at')
        .orderBy('a.id')
        .execute();
      const unanswered = await db
        .selectFrom('schedule_occurrences as o')
        .innerJoin('measurement_schedules as s', 's.id', 'o.schedule_id')
        .innerJoin('respondent_links as l', 'l.id', 'o.link_id')
        .innerJoin('questionnaire_responses as r', 'r.id', 'l.response_id')
        .select([
          'o.id',
          'o.reminded_at',
          'l.expires_at',
          'r.id as response_id',
          'r.intake_id',
          's.questionnaire_id',
          's.respondent',
        ])
        .where('s.practitioner_id', '=', practitionerId)
        .where('o.state', '=', 'sent')
        .where('o.reminded_at', 'is not', null)
        .where('r.status', '<>', 'submitted')
        .where('l.revoked_at', 'is', null)
        .where('l.expires_at', '>', now())
        .where('r.intake_id', 'in', visibleClientIds(db, practitionerId))
        .orderBy('o.reminded_at')
        .orderBy('o.id')
        .execute();
      return [
        ...alerts.map((a) => ({
          id: a.id,
          kind: 'flag' as const,
          level: a.level,
          clientId: a.intake_id,
          responseId: a.response_id,
          questionnaireId: a.questionnaire_id,
          respondent: a.respondent,
          flagId: a.flag_id,
          at: a.raised_at.toISOString(),
          expiresAt: null,
        })),
        ...unanswered.map((o) => ({
          id: o.id,
          kind: 'unanswered' as const,
          level: 'review' as const,
          clientId: o.intake_id,
          responseId: o.response_id,
          questionnaireId: o.questionnaire_id,
          respondent: o.respondent,
          flagId: null,
          at: o.reminded_at!.toISOString(),
          expiresAt: o.expires_at.toISOString(),
        })),
      ];
    },

    /**
     * The practitioner marks an alert seen or resolved, with an optional note: the client it belongs to, for the
     * audit entry. A resolved alert stays resolved; 404 for another's alert or a deleted client's.
     */
    async handle(
      practitionerId: string,
      alertId: string,
      input: AlertActionBody,
    ): Promise<{ clientId: string }> {
      assertUuid(alertId);
      const found = await db
        .selectFrom('response_alerts as a')
        .innerJoin('questionnaire_responses as r', 'r.id', 'a.response_id')
        .select(['a.state', 'r.intake_id'])
        .where('a.id', '=', alertId)
        .where('a.practitioner_id', '=', practitionerId)
        .executeTakeFirst();
      if (!found) throw notFound();
      await assertVisibleClient(db, practitionerId, found.intake_id);
      const note = input.note?.trim() ?? '';
      const changes = {
        state: found.state === 'resolved' ? ('resolved' as const) : input.state,
        handled_at: now(),
        ...(note === '' ? {} : { note_encrypted: encryptJson(key, note, noteContext(alertId)) }),
      };
      await db
        .updateTable('response_alerts')
        .set(changes)
        .where('id', '=', alertId)
        .where('practitioner_id', '=', practitionerId)
        .execute();
      return { clientId: found.intake_id };
    },

    /** Every alert of a client, newest first, with its state and note (the client page's history). */
    async ofClient(practitionerId: string, clientId: string): Promise<ClientAlert[]> {
      await assertVisibleClient(db, practitionerId, clientId);
      const rows = await db
        .selectFrom('response_alerts as a')
        .innerJoin('questionnaire_responses as r', 'r.id', 'a.response_id')
        .select([
          'a.id',
          'a.level',
          'a.state',
          'a.flag_id',
          'a.raised_at',
          'a.handled_at',
          'a.note_encrypted',
          'r.id as response_id',
          'r.questionnaire_id',
          'r.respondent',
        ])
        .where('a.practitioner_id', '=', practitionerId)
        .where('r.intake_id', '=', clientId)
        .orderBy('a.raised_at', 'desc')
        .orderBy('a.id')
        .execute();
      return rows.map((a) => ({
        id: a.id,
        level: a.level,
        state: a.state,
        responseId: a.response_id,
        questionnaireId: a.questionnaire_id,
        respondent: a.respondent,
        flagId: a.flag_id,
        raisedAt: a.raised_at.toISOString(),
        handledAt: a.handled_at?.toISOString() ?? null,
        note: a.note_encrypted ? decryptJson<string>(key, a.note_encrypted, noteContext(a.id)) : null,
      }));
    },

    /** Clears the mail throttle's timers; what they would have mailed waits in the table. */
    close: () => throttle.close(),
  };
}

export type Attention = ReturnType<typeof createAttention>;

/** Every alert of an account with its client, questionnaire and informant, notes opened: the account's archive. */
export async function accountAlerts(db: Kysely<Database>, key: Buffer, practitionerId: string) {
  const rows = await db
    .selectFrom('response_alerts as a')
    .innerJoin('questionnaire_responses as r', 'r.id', 'a.response_id')
    .selectAll('a')
    .select(['r.intake_id', 'r.questionnaire_id', 'r.respondent'])
    .where('a.practitioner_id', '=', practitionerId)
    .orderBy('a.raised_at')
    .orderBy('a.id')
    .execute();
  return rows.map(({ note_encrypted, ...a }) => ({
    ...a,
    note: note_encrypted ? decryptJson<string>(key, note_encrypted, noteContext(a.id)) : null,
  }));
}
