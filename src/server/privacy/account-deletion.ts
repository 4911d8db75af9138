import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { recordEvent } from '../auth/accounts';
import type { Sessions } from '../auth/sessions';
import type { Config } from '../config';
import { newToken, sha256Hex } from '../crypto/tokens';
import type { Database } from '../db/schema';
import { asLang, type Translator } from '../i18n';
import type { Mailer } from '../mail/mailer';
import { accountDeletionMail } from '../mail/templates';
import type { Limiter } from '../security/limiter';
import type { SessionUser } from '../users/user-view';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a deletion request touches: the account's rows and sessions, and the confirmation mail. */
export interface AccountDeletionDeps {
  db: Kysely<Database>;
  sessions: Sessions;
  limiter: Limiter;
  mailer: Mailer;
  mailT: Translator;
  config: Pick<Config, 'publicUrl' | 'productName' | 'supportEmail' | 'retention'>;
  log: FastifyBaseLogger;
}

/**
 * The practitioner asked to delete the account (password already checked): sign-in is blocked and every session
 * ends in one transaction, then the confirmation mail carries the link that cancels it until the purge (ADR 092).
 */
export async function requestAccountDeletion(
  deps: AccountDeletionDeps,
  user: SessionUser,
  now = new Date(),
): Promise<Date> {
  const dueAt = new Date(now.getTime() + deps.config.retention.deletionGraceDays * DAY_MS);
  const token = newToken();
  await deps.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set({
        deletion_requested_at: now,
        deletion_due_at: dueAt,
        deletion_cancel_hash: sha256Hex(token),
        updated_at: sql`now()`,
      })
      .where('id', '=', user.id)
      .execute();
    await deps.sessions.revokeAll(user.id, tx);
    await tx.deleteFrom('one_time_tokens').where('user_id', '=', user.id).execute();
    // its sign-in and mail counters go too: nothing keyed by the account outlives the request
    await deps.limiter.forget(tx, user);
    // a guardian's link stops at once too (a cancelled deletion does not reopen it: the practitioner makes a new one)
    await tx
      .updateTable('respondent_links')
      .set({ revoked_at: now })
      .where('practitioner_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    // and its measurement schedules send nothing more (ADR 128)
    await tx
      .updateTable('schedule_occurrences')
      .set({ state: 'cancelled', cancelled_at: now })
      .where('state', '=', 'due')
      .where('schedule_id', 'in', (eb) =>
        eb.selectFrom('measurement_schedules').select('id').where('practitioner_id', '=', user.id),
      )
      .execute();
    await tx
      .updateTable('measurement_schedules')
      .set({ state: 'stopped', changed_at: now })
      .where('practitioner_id', '=', user.id)
      .where('state', 'in', ['active', 'paused'])
      .execute();
    await recordEvent(tx, user.id, 'deletion_requested', user.status, user.status, 'user');
  });
  const link = `${deps.config.publicUrl}/cancel-deletion?token=${token}`;
  try {
    await deps.mailer.send(
      accountDeletionMail(
        {
          t: deps.mailT,
          lang: asLang(user.language),
          productName: deps.config.productName,
          supportEmail: deps.config.supportEmail,
        },
        { email: user.email, firstName: user.first_name },
        link,
        dueAt,
      ),
      user.id,
    );
  } catch (error) {
    // the request stands; the operator can cancel it (`npm run admin -- deletions`) if the mail never arrives
    deps.log.error({ err: error }, 'account deletion mail failed');
  }
  return dueAt;
}

/** Cancels a pending deletion by its mailed link; false when the link is unknown, used or past the purge. */
export async function cancelAccountDeletion(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<boolean> {
  const user = await db
    .updateTable('users')
    .set({
      deletion_requested_at: null,
      deletion_due_at: null,
      deletion_cancel_hash: null,
      updated_at: sql`now()`,
    })
    .where('deletion_cancel_hash', '=', sha256Hex(token))
    .where('deletion_due_at', '>', now)
    .returning(['id', 'status'])
    .executeTakeFirst();
  if (!user) return false;
  await recordEvent(db, user.id, 'deletion_cancelled', user.status, user.status, 'user');
  return true;
}
