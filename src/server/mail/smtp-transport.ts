import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from './message';

/** Real mail through nodemailer: SMTP_URL such as smtps://user:pass@smtp.example.com:465. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message: MailMessage) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close() {
      transporter.close();
    },
  };
}
