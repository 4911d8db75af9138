import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createMailDelivery, type MailDelivery } from './delivery';
import type { MailMessage, MailTransport } from './message';

export interface Mailer {
  readonly transport: MailTransport;
  /** The SMTP delivery queue; undefined with the outbox transport (the outbox is the destination). */
  readonly delivery: MailDelivery | undefined;
  /** Sends a mail to or about an account (a guardian's link mail is about the practitioner's). */
  send(message: MailMessage, accountId: string): Promise<void>;
  /** Stops the delivery queue (what is not sent stays queued for the next start). */
  close(): Promise<void>;
}

/**
 * A link as the development log may show it: a respondent link opens a client's questionnaire to anyone who
 * holds it, so its token is never printed (the whole link is in GET /api/dev/outbox).
 */
export function printableLink(kind: MailMessage['kind'], link: string): string {
  return kind === 'respondentLink' || kind === 'scheduleReminder'
    ? `${link.replace(/\/r\/[^/?#]+/, '/r/[redacted]')} (whole link: /api/dev/outbox)`
    : link;
}

/**
 * With SMTP, a mail is written to the outbox table and sent from there, so an SMTP peer that is away loses
 * nothing (ADR 054). `printLinks` (development with the outbox, logging to a developer's terminal; ADR 104)
 * also prints each link so a developer can follow it without a mail client; a log file never holds one.
 */
export function createMailer(
  transport: MailTransport,
  log: FastifyBaseLogger,
  printLinks: boolean,
  db?: Kysely<Database>,
): Mailer {
  const delivery = db && transport.name === 'smtp' ? createMailDelivery(db, transport, log) : undefined;
  delivery?.start();
  return {
    transport,
    delivery,
    async send(rendered, accountId) {
      const message = { ...rendered, accountId };
      if (delivery) {
        const id = await delivery.enqueue(message);
        log.info({ mail: message.kind, mailId: id, transport: transport.name }, 'mail queued');
        return;
      }
      await transport.send(message);
      log.info({ mail: message.kind, transport: transport.name }, 'mail sent');
      if (printLinks) {
        for (const link of message.links)
          log.info({ devMailLink: true }, `[dev] ${message.kind} link: ${printableLink(message.kind, link)}`);
      }
    },
    async close() {
      await delivery?.stop();
    },
  };
}
