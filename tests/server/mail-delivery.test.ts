import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/server/admin/commands';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/open-database';
import { MAIL_DELIVERY, retryDelaySeconds } from '../../src/server/mail/delivery';
import { signUp } from './support/flows';
import {
  captureStream,
  createTestApp,
  prepareDatabase,
  RELAXED_LIMITS,
  TEST_HASH_COST,
  type TestApp,
} from './support/test-app';

/** A real SMTP peer on a fixed port that can be stopped and started again. */
class SmtpPeer {
  readonly received: Array<{ to: string[]; subject: string }> = [];
  private server: SMTPServer | undefined;
  constructor(readonly port: number) {}

  async start() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
          });
          // a slow peer, so two senders overlap
          setTimeout(callback, 10);
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async stop() {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  countTo(email: string) {
    return this.received.filter((m) => m.to.includes(email)).length;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Makes every queued mail due now, as if the backoff had passed. */
async function backoffPassed(app: FastifyInstance) {
  await app.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: new Date(0) })
    .execute();
}

let peer: SmtpPeer;
beforeAll(async () => {
  peer = new SmtpPeer(await freePort());
});
afterEach(async () => {
  await peer.stop();
});

describe('mail delivery through a real SMTP peer that goes away (ADR 054)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${peer.port}` } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps mails queued while SMTP is down, with attempts and last error, and sends each once when it is back', async () => {
    const delivery = t.app.mailer.delivery!;
    const emails: string[] = [];
    for (let i = 0; i < 3; i++) emails.push((await signUp(t.app)).email);
    await delivery.deliverDue();

    const waiting = await t.app.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'status', 'attempts', 'last_error'])
      .where('recipient', 'in', emails)
      .execute();
    expect(waiting).toHaveLength(3);
    for (const row of waiting) {
      expect(row.status).toBe('pending');
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      expect(row.last_error).toMatch(/\S/);
    }
    const listed = await runAdminCommand({ db: t.app.db, keys: t.app.keys }, ['mail']);
    for (const email of emails) expect(listed.output).toContain(email);
    expect(listed.output).toMatch(/attempts [1-9]/);
    expect(listed.output).toContain('last error:');

    await peer.start();
    await backoffPassed(t.app);
    await delivery.deliverDue();
    await delivery.deliverDue();
    for (const email of emails) expect(peer.countTo(email)).toBe(1);
    const sent = await t.app.db
      .selectFrom('mail_outbox')
      .select(['status', 'text', 'html', 'sent_at'])
      .where('recipient', 'in', emails)
      .execute();
    // sent mail keeps no text: its links hold tokens
    expect(sent.map((r) => [r.status, r.text, r.html])).toEqual(emails.map(() => ['sent', '', '']));
    expect((await runAdminCommand({ db: t.app.db, keys: t.app.keys }, ['mail'])).output).not.toContain(
      emails[0]!,
    );
  });

  it('waits longer after each failed attempt, up to half an hour', () => {
    const delays = [1, 2, 3, 4, 10, 20].map(retryDelaySeconds);
    expect(delays.slice(0, 4)).toEqual([15, 30, 60, 120]);
    expect(delays[5]).toBe(MAIL_DELIVERY.maxDelaySeconds);
  });

  it('marks a mail failed after its last attempt, keeps it, and sends it after `mail retry`', async () => {
    const { email } = await signUp(t.app);
    await t.app.mailer.delivery!.deliverDue();
    await t.app.db
      .updateTable('mail_outbox')
      .set({ attempts: MAIL_DELIVERY.maxAttempts - 1, next_attempt_at: new Date(0) })
      .where('recipient', '=', email)
      .execute();
    await t.app.mailer.delivery!.deliverDue();
    const row = await t.app.db
      .selectFrom('mail_outbox')
      .select(['id', 'status', 'text'])
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.text).toContain('verify-email');
    const listed = await runAdminCommand({ db: t.app.db, keys: t.app.keys }, ['mail']);
    expect(listed.output).toMatch(new RegExp(`#${row.id}\\s+failed.*${email.replace(/\./g, '\\.')}`));

    await peer.start();
    await runAdminCommand({ db: t.app.db, keys: t.app.keys }, ['mail', 'retry', String(row.id)]);
    await t.app.mailer.delivery!.deliverDue();
    expect(peer.countTo(email)).toBe(1);
  });
});

describe('two app instances on one database (ADR 054)', () => {
  it('send every queued mail exactly once', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mail-two-'));
    const database = await prepareDatabase(dataDir);
    const env = {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SMTP_URL: `smtp://127.0.0.1:${peer.port}`,
      ...(database.databaseUrl
        ? { DATABASE_URL: database.databaseUrl, DATA_KEY: randomBytes(32).toString('hex') }
        : {}),
    };
    // on PGlite both instances share the one opened database, as two processes share a PostgreSQL
    const shared = database.databaseUrl ? undefined : await openDatabase({ dataDir });
    const build = () =>
      buildApp({
        config: loadConfig(env),
        logger: { level: 'debug', stream: captureStream() },
        unsafeTestHashCost: TEST_HASH_COST,
        limits: RELAXED_LIMITS,
        ...(shared ? { database: Promise.resolve({ ...shared, close: async () => {} }) } : {}),
      });
    const apps = [await build(), await build()];
    try {
      const emails: string[] = [];
      for (let i = 0; i < 12; i++) emails.push((await signUp(apps[i % 2]!)).email);
      await Promise.all(apps.map((app) => app.mailer.delivery!.deliverDue()));
      expect(emails.map((email) => peer.countTo(email))).toEqual(emails.map(() => 0));

      await peer.start();
      await backoffPassed(apps[0]!);
      await Promise.all(
        apps.flatMap((app) => [app.mailer.delivery!.deliverDue(), app.mailer.delivery!.deliverDue()]),
      );
      await Promise.all(apps.map((app) => app.mailer.delivery!.deliverDue()));
      expect(emails.map((email) => peer.countTo(email))).toEqual(emails.map(() => 1));
      const statuses = await apps[1]!.db.selectFrom('mail_outbox').select('status').execute();
      expect(statuses.every((r) => r.status === 'sent')).toBe(true);
    } finally {
      for (const app of apps) await app.close();
      await shared?.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
