import type { Transporter } from 'nodemailer';
import type { MailMessage, MailTransport } from './message';

// A peer that does not answer fails the attempt in seconds (the mail stays queued), not nodemailer's minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP_URL with our timeouts added where the URL does not set its own. */
export function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/** Real mail through nodemailer: SMTP_URL such as smtps://user:pass@smtp.example.com:465. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const url = withTimeouts(smtpUrl);
  // nodemailer loads on the first mail, not while the server starts
  let transporter: Promise<Transporter> | undefined;
  const open = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  return {
    name: 'smtp',
    async send(message: MailMessage) {
      await (await open()).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close() {
      void transporter?.then((opened) => opened.close());
    },
  };
}
