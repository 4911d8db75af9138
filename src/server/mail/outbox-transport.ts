import type { Kysely } from 'kysely';
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
  };
}

/** The default transport: mail is kept in the mail_outbox table (read with GET /api/dev/outbox). */
export function outboxTransport(db: Kysely<Database>): MailTransport {
  return {
    name: 'outbox',
    async send(message: MailMessage) {
      await db.insertInto('mail_outbox').values(outboxRow(message)).execute();
    },
  };
}
