import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { asLang, type Translator } from '../i18n';
import { queueMail } from '../mail/delivery';
import type { MailMessage } from '../mail/message';
import { outboxTransport } from '../mail/outbox-transport';
import { accountApprovedMail, accountReinstatedMail, accountRejectedMail } from '../mail/templates';
import type { UserRow } from '../users/user-view';

/** How an operator command mails the outcome of a review (ADR 105): the running server's mailer, or the queue. */
export interface ReviewMailer {
  /** The mail is filed under the account it is about, so the purge and the export find it (ADR 104). */
  send(message: MailMessage, accountId: string): Promise<void>;
  t: Translator;
  config: Pick<Config, 'productName' | 'supportEmail' | 'publicUrl'>;
}

/**
 * The command line's mailer when no server runs the command: the mail is written to the outbox, pending when
 * SMTP is configured so a server's delivery round sends it, as every other mail is queued.
 */
export function queuedReviewMailer(
  db: Kysely<Database>,
  t: Translator,
  config: Pick<Config, 'productName' | 'supportEmail' | 'publicUrl' | 'smtpUrl'>,
): ReviewMailer {
  const outbox = outboxTransport(db);
  return {
    send: async (rendered, accountId) => {
      const message = { ...rendered, accountId };
      if (config.smtpUrl) await queueMail(db, message);
      else await outbox.send(message);
    },
    t,
    config,
  };
}

/** What an operator command tells the account by mail. */
export type ReviewOutcome = 'approved' | 'rejected' | 'reinstated';

/** The approval, rejection or reinstatement mail of an account, in the account's language. */
export function reviewMessage(mailer: ReviewMailer, user: UserRow, outcome: ReviewOutcome): MailMessage {
  const ctx = {
    t: mailer.t,
    lang: asLang(user.language),
    productName: mailer.config.productName,
    supportEmail: mailer.config.supportEmail,
  };
  const to = { email: user.email, firstName: user.first_name };
  const signIn = `${mailer.config.publicUrl}/login`;
  if (outcome === 'approved') return accountApprovedMail(ctx, to, signIn);
  if (outcome === 'reinstated') return accountReinstatedMail(ctx, to, signIn);
  return accountRejectedMail(ctx, to);
}
