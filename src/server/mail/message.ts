/** A rendered e-mail, ready for any transport. */
export interface MailMessage {
  kind:
    | 'verification'
    | 'passwordReset'
    | 'passwordChanged'
    | 'accountApproved'
    | 'accountRejected'
    | 'accountReinstated'
    | 'accountDeletion'
    | 'respondentLink'
    | 'linkResent'
    | 'scheduleReminder'
    | 'responseAttention';
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the mail holds, in order (the dev outbox lists them). */
  links: string[];
  /** The account it is sent to or about, set by the mailer: the purge and the export find the mail by it. */
  accountId?: string;
}

export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void> | void;
}
