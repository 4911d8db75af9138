import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/server/mail/mailer';
import type { MailMessage } from '../../src/server/mail/message';
import { passwordChangedMail, passwordResetMail, verificationMail } from '../../src/server/mail/templates';
import { engine } from './support/engine';
import { signUp } from './support/flows';
import { createTestApp, type TestApp } from './support/test-app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('SMTP transport (SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Psychologist Platform <no-reply@example.org>',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('delivers the verification e-mail to a real SMTP peer', async () => {
    const { email } = await signUp(t.app);
    // queued by the request, sent by the delivery round it started
    await t.app.mailer.delivery!.deliverDue();
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@example.org');
    expect(mail!.raw).toMatch(/^Subject: Verify your email address for Psychologist Platform/m);
    expect(mail!.raw).toContain('multipart/alternative');
    expect(mail!.raw.replace(/=\r?\n/g, '')).toMatch(/verify-email\?token=3D[A-Za-z0-9_-]{43}/);
  });

  it('keeps no text of a sent mail in the outbox table (its links hold tokens)', async () => {
    const { email } = await signUp(t.app);
    await t.app.mailer.delivery!.deliverDue();
    const rows = await t.app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', email)
      .execute();
    expect(rows.length).toBe(1);
    for (const row of rows) {
      expect(row.status).toBe('sent');
      expect([row.text, row.html, row.links]).toEqual(['', '', []]);
    }
  });
});

describe('GET /api/dev/outbox', () => {
  it('lists sent mails newest first with to, subject, text, html and links', async () => {
    const t = await createTestApp();
    try {
      const first = await signUp(t.app);
      const second = await signUp(t.app);
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(200);
      const { mails } = response.json();
      expect(mails.map((m: { to: string }) => m.to)).toEqual([second.email, first.email]);
      expect(mails[0]).toEqual({
        id: expect.any(Number),
        kind: 'verification',
        to: second.email,
        subject: expect.any(String),
        text: expect.stringContaining('/verify-email?token='),
        html: expect.stringContaining('<a href="http://localhost:5173/verify-email?token='),
        links: [expect.stringMatching(/\/verify-email\?token=/)],
        createdAt: expect.any(String),
      });
    } finally {
      await t.close();
    }
  });

  it('does not exist when NODE_ENV is production', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://psy.example.org' } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/dev/outbox answers only a developer on this machine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    await signUp(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['an X-Forwarded-For header', { 'x-forwarded-for': '127.0.0.1' }, '127.0.0.1'],
    ['a Forwarded header', { forwarded: 'for=127.0.0.1' }, '127.0.0.1'],
    ['an X-Real-IP header', { 'x-real-ip': '127.0.0.1' }, '127.0.0.1'],
    ['a caller on another machine', {}, '192.168.1.20'],
    ['a caller on another machine (IPv6)', {}, 'fe80::1'],
  ])(
    'answers the 404 of an unknown path to %s, even with TRUST_PROXY=true',
    async (_name, headers, remoteAddress) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers, remoteAddress });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
      expect(response.body).not.toContain('verify-email');
    },
  );

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])(
    'lists the mails to a loopback caller (%s)',
    async (remoteAddress) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
      expect(response.statusCode).toBe(200);
      expect(response.json().mails).toHaveLength(1);
    },
  );
});

describe('mail links in the development log', () => {
  function printedBy(printLinks: boolean) {
    const lines: string[] = [];
    const log = { info: (_fields: unknown, message?: string) => lines.push(message ?? '') };
    const transport = { name: 'outbox' as const, send: async (_message: MailMessage) => {} };
    const mailer = createMailer(transport, log as unknown as FastifyBaseLogger, printLinks);
    const mail = (kind: MailMessage['kind'], link: string): MailMessage => ({
      kind,
      to: 'someone@example.com',
      subject: 's',
      text: link,
      html: link,
      links: [link],
    });
    return { lines, mailer, mail };
  }
  const TOKEN = 'q3Z9xK_7bW-2mR4tY8uN1pL6vC0sD5fG9hJ2kE7aB3c';

  it('prints a verification link whole, a respondent link never (its token is hidden)', async () => {
    const { lines, mailer, mail } = printedBy(true);
    await mailer.send(
      mail('verification', `http://localhost:3000/verify-email?token=${TOKEN}`),
      'account-id',
    );
    await mailer.send(mail('respondentLink', `http://localhost:3000/r/${TOKEN}`), 'account-id');
    const links = lines.filter((l) => l.startsWith('[dev]'));
    expect(links).toEqual([
      `[dev] verification link: http://localhost:3000/verify-email?token=${TOKEN}`,
      '[dev] respondentLink link: http://localhost:3000/r/[redacted] (whole link: /api/dev/outbox)',
    ]);
  });

  it('prints no link when the log is not a developer’s terminal', async () => {
    const { lines, mailer, mail } = printedBy(false);
    await mailer.send(
      mail('verification', `http://localhost:3000/verify-email?token=${TOKEN}`),
      'account-id',
    );
    expect(lines).toEqual(['mail sent']);
  });
});

describe('mail templates', () => {
  const context = (lang: 'en' | 'tr') => ({
    t: (l: 'en' | 'tr', key: string, params?: Record<string, unknown>) => engine.t(l, 'mail', key, params),
    lang,
    productName: 'Psychologist Platform',
    supportEmail: 'help@example.org',
  });
  const to = { email: 'a@example.com', firstName: 'Ayşe <b>' };

  it.each(['en', 'tr'] as const)(
    'exist in %s for verification, password reset and password changed',
    (lang) => {
      const mails = [
        verificationMail(context(lang), to, 'http://x/verify-email?token=abc', '123456'),
        passwordResetMail(context(lang), to, 'http://x/reset-password?token=def'),
        passwordChangedMail(context(lang), to),
      ];
      for (const mail of mails) {
        expect(mail.subject).not.toMatch(/^(verification|passwordReset|passwordChanged)\./);
        expect(mail.text).not.toMatch(/\{\{|\b(common|verification|passwordReset|passwordChanged)\.[a-z]+/);
        expect(mail.html).not.toContain('<b>');
        expect(mail.html).toContain('Ayşe &lt;b&gt;');
      }
      expect(mails[0]!.text).toContain('123456');
      expect(mails[0]!.links).toEqual(['http://x/verify-email?token=abc']);
      expect(mails[1]!.links).toEqual(['http://x/reset-password?token=def']);
      expect(mails[2]!.text).toContain('help@example.org');
    },
  );

  it('name the product in Turkish as the Turkish interface does (Psikolog Platformu)', () => {
    const mails = [
      verificationMail(context('tr'), to, 'http://x/verify-email?token=abc', '123456'),
      passwordResetMail(context('tr'), to, 'http://x/reset-password?token=def'),
      passwordChangedMail(context('tr'), to),
    ];
    for (const mail of mails) {
      expect(`${mail.subject}\n${mail.text}`).not.toContain('Psychologist Platform');
      expect(mail.subject).toContain('Psikolog Platformu');
      expect(mail.text).toContain('Psikolog Platformu ekibi');
    }
    expect(verificationMail(context('en'), to, 'http://x/v', '123456').subject).toContain(
      'Psychologist Platform',
    );
  });

  it('use a name set with PRODUCT_NAME as it is, in every language', () => {
    const mail = verificationMail(
      { ...context('tr'), productName: 'Klinik Defter' },
      to,
      'http://x/v',
      '123456',
    );
    expect(mail.subject).toContain('Klinik Defter');
    expect(mail.text).not.toContain('Psikolog Platformu');
  });
});
