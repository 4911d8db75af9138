import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { MailMessage, MailTransport } from './message';

/** A mail as a mail_outbox row; the queue adds its delivery state. */
export function outboxRow(message: MailMessage) {
  return {
    kind: message.kind,
    recipient: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    links: JSON.stringify(message.links),
    account_id: message.accountId ?? null,
  };
}

/** The default transport: mail is kept in the mail_outbox table (read with GET /api/dev/outbox). */
export function outboxTransport(db: Kysely<Database>): MailTransport {
  return {
    name: 'outbox',
    async send(message: MailMessage) {
      // kept in the outbox is delivered: the retention period starts now
      await db
        .insertInto('mail_outbox')
        .values({ ...outboxRow(message), finished_at: sql`now()` })
        .execute();
    },
  };
}
