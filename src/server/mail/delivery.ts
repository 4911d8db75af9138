import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { MailMessage, MailTransport } from './message';
import { outboxRow } from './outbox-transport';

/** How queued mail is retried (ADR 054). */
export const MAIL_DELIVERY = {
  /** First retry after this, doubling each attempt up to maxDelaySeconds. */
  baseDelaySeconds: 15,
  maxDelaySeconds: 30 * 60,
  /** After this many attempts, or once the mail is this old, it is marked failed (and kept). */
  maxAttempts: 20,
  maxAgeSeconds: 24 * 60 * 60,
  /** An instance that took a mail holds it this long; if it dies meanwhile, another takes the mail over. */
  leaseSeconds: 120,
  batchSize: 10,
  pollMilliseconds: 10_000,
};

/** Seconds to wait before the next attempt after `attempts` failed ones. */
export function retryDelaySeconds(attempts: number): number {
  const { baseDelaySeconds, maxDelaySeconds } = MAIL_DELIVERY;
  return Math.min(maxDelaySeconds, baseDelaySeconds * 2 ** Math.max(0, attempts - 1));
}

interface ClaimedRow {
  id: number;
  kind: MailMessage['kind'];
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  age_seconds: number;
}

// Takes due mail atomically: SKIP LOCKED lets several instances claim disjoint rows; the lease keeps a taken
// row from being taken again until it ran out.
const CLAIM_SQL = `update mail_outbox set attempts = attempts + 1,
    claimed_until = now() + $1::int * interval '1 second'
  where id in (
    select id from mail_outbox
    where status = 'pending' and next_attempt_at <= now()
      and (claimed_until is null or claimed_until <= now())
    order by id limit $2 for update skip locked)
  returning id, kind, recipient, subject, text, html, attempts,
    extract(epoch from (now() - created_at))::float8 as age_seconds`;

export interface DeliveryRound {
  sent: number;
  retried: number;
  failed: number;
}

/** A one-line reason without the recipient's address or the mail's content. */
function reasonOf(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; command?: string; message?: string };
  const parts = [e.code, e.responseCode, e.command].filter((p) => p !== undefined && p !== '');
  const text = parts.length > 0 ? parts.join(' ') : (e.message ?? String(error));
  return text.replace(/[^\s<>@]+@[^\s<>@]+/g, '[address]').slice(0, 200);
}

/**
 * Writes a mail to the outbox as pending: the delivery round of any running instance sends it. A process
 * without a delivery queue of its own (an operator command) queues mail this way too.
 */
export async function queueMail(db: Kysely<Database>, message: MailMessage): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ ...outboxRow(message), status: 'pending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Sends the queued mail of the outbox through the transport: claimed atomically, retried with backoff, marked
 * failed (and kept) after too many attempts or too long. Sent mail keeps no text (its links hold tokens); the
 * purge blanks the recipient and subject of sent and failed mail MAIL_RETENTION_DAYS later (ADR 104).
 */
export function createMailDelivery(db: Kysely<Database>, transport: MailTransport, log: FastifyBaseLogger) {
  let running: Promise<DeliveryRound> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function deliverOnce(): Promise<DeliveryRound> {
    const round: DeliveryRound = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const { rows } = await db.executeQuery<ClaimedRow>(
        CompiledQuery.raw(CLAIM_SQL, [MAIL_DELIVERY.leaseSeconds, MAIL_DELIVERY.batchSize]),
      );
      for (const row of rows) {
        try {
          await transport.send({
            kind: row.kind,
            to: row.recipient,
            subject: row.subject,
            text: row.text,
            html: row.html,
            links: [],
          });
          await db
            .updateTable('mail_outbox')
            .set({
              status: 'sent',
              sent_at: sql`now()`,
              finished_at: sql`now()`,
              claimed_until: null,
              last_error: null,
              text: '',
              html: '',
              links: '[]',
            })
            .where('id', '=', row.id)
            .execute();
          round.sent += 1;
          log.info({ mail: row.kind, mailId: row.id, attempts: row.attempts }, 'mail sent');
        } catch (error) {
          const reason = reasonOf(error);
          const giveUp =
            row.attempts >= MAIL_DELIVERY.maxAttempts || row.age_seconds >= MAIL_DELIVERY.maxAgeSeconds;
          await db
            .updateTable('mail_outbox')
            .set({
              status: giveUp ? 'failed' : 'pending',
              finished_at: giveUp ? sql`now()` : null,
              last_error: reason,
              claimed_until: null,
              next_attempt_at: sql`now() + ${retryDelaySeconds(row.attempts)}::int * interval '1 second'`,
            })
            .where('id', '=', row.id)
            .execute();
          if (giveUp) round.failed += 1;
          else round.retried += 1;
          log.warn(
            { mail: row.kind, mailId: row.id, attempts: row.attempts, reason, gaveUp: giveUp },
            giveUp ? 'mail failed for good (kept in the outbox)' : 'mail not sent; will retry',
          );
        }
      }
      // a failure means the peer is away: the rest waits for the next round
      if (rows.length < MAIL_DELIVERY.batchSize || round.retried + round.failed > 0) return round;
    }
  }

  /** Delivers what is due; a call while a round runs makes that round look once more, and waits for it. */
  function deliverDue(): Promise<DeliveryRound> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total: DeliveryRound = { sent: 0, retried: 0, failed: 0 };
      do {
        again = false;
        const round = await deliverOnce();
        total.sent += round.sent;
        total.retried += round.retried;
        total.failed += round.failed;
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const tick = () => {
    deliverDue().catch((error) => log.warn({ err: error }, 'mail delivery round failed; will retry'));
  };

  return {
    deliverDue,
    /** Queues a mail for delivery and starts a round at once (not awaited: SMTP never delays the request). */
    async enqueue(message: MailMessage): Promise<number> {
      const id = await queueMail(db, message);
      if (!stopped) tick();
      return id;
    },
    /** Polls for due mail (retries, and mail queued by another instance or before a restart). */
    start() {
      if (timer || stopped) return;
      timer = setInterval(tick, MAIL_DELIVERY.pollMilliseconds);
      timer.unref();
      tick();
    },
    /** Stops polling and waits (a few seconds at most) for the round in progress; its mail stays claimed. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        running?.catch(() => {}),
        new Promise((resolve) => {
          wait = setTimeout(resolve, 5_000);
        }),
      ]);
      clearTimeout(wait);
    },
  };
}

export type MailDelivery = ReturnType<typeof createMailDelivery>;
