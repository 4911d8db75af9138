import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailTransport } from './message';

export interface Mailer {
  readonly transport: MailTransport;
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through the transport. In development with the outbox, each link is also printed in the log so a
 * developer can follow it without a mail client; in production nothing secret is logged.
 */
export function createMailer(transport: MailTransport, log: FastifyBaseLogger, printLinks: boolean): Mailer {
  return {
    transport,
    async send(message) {
      await transport.send(message);
      log.info({ mail: message.kind, transport: transport.name }, 'mail sent');
      if (printLinks) {
        for (const link of message.links)
          log.info({ devMailLink: true }, `[dev] ${message.kind} link: ${link}`);
      }
    },
  };
}
