/** A rendered e-mail, ready for any transport. */
export interface MailMessage {
  kind:
    | 'verification'
    | 'passwordReset'
    | 'passwordChanged'
    | 'accountApproved'
    | 'accountRejected'
    | 'accountDeletion'
    | 'respondentLink'
    | 'responseAttention';
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the mail holds, in order (the dev outbox lists them). */
  links: string[];
}

export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void> | void;
}
