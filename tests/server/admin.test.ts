import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCommandError, runAdminCommand } from '../../src/server/admin/commands';
import { PDF, STRONG_PASSWORD, step1Body, step2Body } from './support/fixtures';
import { bearer, logIn, outbox, uploadFile, verifiedUser } from './support/flows';
import { createTestApp, LOG_CAPTURE_DIR, prepareDatabase, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminSecret: 'test-admin-secret' });
});
afterAll(async () => {
  await t?.close();
});

// the server's own mailer, as the admin endpoint passes it
const admin = (...args: string[]) =>
  runAdminCommand(
    {
      db: t.app.db,
      keys: t.app.keys,
      mail: {
        send: (message, accountId) => t.app.mailer.send(message, accountId),
        t: t.app.mailT,
        config: t.config,
      },
    },
    args,
  );

/** An account that has sent its credentials (profile_completed). */
async function applicant() {
  const user = await verifiedUser(t.app);
  await uploadFile(t.app, user.token, 'diploma');
  const credentials = step2Body();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup/step2',
    payload: credentials,
    headers: bearer(user.token),
  });
  expect(response.statusCode).toBe(200);
  return { ...user, nationalId: credentials.nationalId };
}

const statusOf = async (email: string) =>
  (await t.app.db.selectFrom('users').select('status').where('email', '=', email).executeTakeFirstOrThrow())
    .status;

describe('npm run admin (commands)', () => {
  it('list: shows accounts awaiting review', async () => {
    const { email } = await applicant();
    const other = await verifiedUser(t.app);
    const { output } = await admin('list');
    expect(output).toContain(email);
    expect(output).toContain('profile_completed');
    expect(output).not.toContain(other.email);
  });

  it('show: prints the account with a masked national ID and hands over the diploma', async () => {
    const { email, nationalId } = await applicant();
    const result = await admin('show', email);
    expect(result.output).toContain(email);
    expect(result.output).toContain('Boğaziçi Üniversitesi');
    expect(result.output).toContain(`${nationalId.slice(0, 3)}******${nationalId.slice(-2)}`);
    expect(result.output).not.toContain(nationalId);
    expect(result.output).toMatch(/KVKK consent: +\d{4}-/);
    expect(result.diploma?.type).toBe('application/pdf');
    expect(result.diploma?.data.equals(PDF)).toBe(true);
  });

  it('review, approve: profile_completed -> under_review -> approved, recorded in the history', async () => {
    const { email, token } = await applicant();
    expect((await admin('review', email)).output).toBe(`${email}: profile_completed -> under_review`);
    expect((await admin('approve', email)).output).toBe(
      `${email}: under_review -> approved (mail queued, English)`,
    );
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().user.accountStatus).toBe('approved');
    expect((await admin('show', email)).output).toMatch(
      /review +profile_completed -> under_review +\(operator\)/,
    );
  });

  it('reject: profile_completed -> rejected; approving a rejected account is refused', async () => {
    const { email } = await applicant();
    await admin('reject', email);
    expect(await statusOf(email)).toBe('rejected');
    await expect(admin('approve', email)).rejects.toThrow(AdminCommandError);
    await expect(admin('approve', email)).rejects.toThrow(/is rejected; approve needs one of/);
  });

  it('suspend: ends every session at once and login answers 403 ACCOUNT_SUSPENDED', async () => {
    const { email, token } = await applicant();
    await admin('suspend', email);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const sessions = await t.app.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toEqual([]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(login.json().code).toBe('ACCOUNT_SUSPENDED');
  });

  it('reinstate: suspended -> the status it had before, and a mail saying the account is open again', async () => {
    const { email } = await applicant();
    await admin('review', email);
    await admin('suspend', email);
    expect((await admin('reinstate', email)).output).toBe(
      `${email}: suspended -> under_review (mail queued, English)`,
    );
    expect((await logIn(t.app, email)).length).toBeGreaterThan(0);
    const mail = (await outbox(t.app, email)).find((m) => m.kind === 'accountReinstated');
    expect(mail?.subject).toBe('Your Psychologist Platform account is open again');
    expect(mail?.links).toEqual([`${t.config.publicUrl}/login`]);
    // suspending mails nothing: only the way back is told
    expect((await outbox(t.app, email)).map((m) => m.kind).filter((k) => k.startsWith('account'))).toEqual([
      'accountReinstated',
    ]);
  });

  it('set-status and verify-email: for tests and support', async () => {
    const { email } = await t.app
      .inject({ method: 'POST', url: '/api/auth/signup/step1', payload: step1Body() })
      .then((r) => r.json().user);
    await admin('verify-email', email);
    await admin('set-status', email, 'approved');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(login.json().user).toMatchObject({ emailVerified: true, accountStatus: 'approved' });
    await expect(admin('set-status', email, 'wizard')).rejects.toThrow(/set-status needs a status/);
  });

  it('explains unknown commands and unknown e-mails', async () => {
    await expect(admin('frobnicate')).rejects.toThrow(/Unknown command "frobnicate"/);
    await expect(admin('show', 'nobody@example.com')).rejects.toThrow(
      'No account with the e-mail nobody@example.com.',
    );
  });
});

describe('POST /api/admin/run (the running server side of npm run admin)', () => {
  it('runs a command for a local caller with the secret', async () => {
    const { email } = await applicant();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/run',
      payload: { args: ['show', email] },
      headers: { 'x-admin-secret': 'test-admin-secret' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.output).toContain(email);
    expect(Buffer.from(body.diploma.base64, 'base64').equals(PDF)).toBe(true);
  });

  it('answers 404 without the secret, with a wrong one, or from another machine', async () => {
    const attempts = [
      {},
      { headers: { 'x-admin-secret': 'wrong' } },
      { headers: { 'x-admin-secret': 'test-admin-secret' }, remoteAddress: '203.0.113.7' },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/run',
        payload: { args: ['list'] },
        ...attempt,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('answers 400 ADMIN_COMMAND_FAILED with the explanation', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/run',
      payload: { args: ['approve', 'nobody@example.com'] },
      headers: { 'x-admin-secret': 'test-admin-secret' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'ADMIN_COMMAND_FAILED',
      output: 'No account with the e-mail nobody@example.com.',
    });
  });

  it('does not exist when the server was built without an admin secret', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/admin/run',
        payload: { args: ['list'] },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('npm run admin while `npm run serve` runs on the same DATA_DIR', () => {
  const run = promisify(execFile);
  const tsx = path.resolve('node_modules/.bin/tsx');
  let dataDir: string;
  let server: ChildProcess | undefined;
  let env: NodeJS.ProcessEnv;
  let drop: () => Promise<void>;
  const port = 3900 + Math.floor(Math.random() * 90);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'admin-e2e-'));
    const database = await prepareDatabase(dataDir);
    drop = database.drop;
    env = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      // nothing listens there: every mail stays queued, as with an SMTP server that is down
      SMTP_URL: `smtp://127.0.0.1:${port + 1}`,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    };
  });
  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const adminCli = (...args: string[]) => run(tsx, ['scripts/admin.ts', ...args], { env });

  it('reaches the running server, then opens the folder itself once the server has stopped', async () => {
    // the server's own log goes where the log scan of `npm test` reads
    mkdirSync(LOG_CAPTURE_DIR, { recursive: true });
    const log = openSync(path.join(LOG_CAPTURE_DIR, `admin-server-${process.pid}.log`), 'a');
    server = spawn(tsx, ['src/server/main.ts'], { env, stdio: ['ignore', log, 'pipe'] });
    closeSync(log);
    let stderr = '';
    server.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/config`)).ok) break;
      } catch {
        if (i > 120) throw new Error(`server did not start: ${stderr}`);
        // a poll for the server listening, bounded: not a wait before a check
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    const body = step1Body();
    const signup = await fetch(`${base}/api/auth/signup/step1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(signup.status).toBe(201);

    const embedded = !env.DATABASE_URL;
    if (embedded) {
      const control = JSON.parse(readFileSync(path.join(dataDir, 'admin.json'), 'utf8'));
      expect(control).toMatchObject({ url: base, secret: expect.any(String) });
    }
    expect((await adminCli('set-status', body.email, 'profile_completed')).stdout).toContain(
      `${body.email}: pending_verification -> profile_completed`,
    );
    expect((await adminCli('list')).stdout).toContain(body.email);

    // the verification mail waits in the outbox while SMTP refuses; the operator sees it with its last error
    let mail = '';
    for (let i = 0; i < 60 && !/attempts [1-9]/.test(mail); i++) {
      // a poll for the failed attempt being recorded, bounded: not a wait before a check
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      mail = (await adminCli('mail')).stdout;
    }
    expect(mail).toMatch(
      new RegExp(
        `pending\\s+verification\\s+${body.email.replace(/\./g, '\\.')}.*attempts [1-9].*last error: \\S`,
      ),
    );

    // a consistent backup while the server keeps running; restoring under it is refused
    const backupFile = path.join(dataDir, 'backup.jsonl');
    expect((await adminCli('backup', backupFile)).stdout).toContain(`Backup written to ${backupFile}`);
    const underServer = await adminCli('restore', backupFile).catch((error) => error);
    expect(underServer.code).toBe(1);
    if (embedded)
      expect(underServer.stderr).toMatch(/A server \(process \d+\) is running on .*Stop it before restoring/);

    server.kill('SIGTERM');
    const code = await new Promise((resolve) => server!.once('exit', resolve));
    expect(code).toBe(0);
    if (embedded) {
      expect(existsSync(path.join(dataDir, 'admin.json'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    }
    expect((await adminCli('mail')).stdout).toContain(body.email);
    const approved = await adminCli('approve', body.email);
    expect(approved.stdout).toContain(`${body.email}: profile_completed -> approved (mail queued`);
    // with no server running, the approval mail waits in the queue for the next server's delivery round
    expect((await adminCli('mail')).stdout).toMatch(
      new RegExp(`pending\\s+accountApproved\\s+${body.email.replace(/\./g, '\\.')}`),
    );
    // restored into a fresh folder holding the data key kept with the backup
    const freshDir = mkdtempSync(path.join(os.tmpdir(), 'admin-restore-'));
    const fresh = await prepareDatabase(freshDir);
    try {
      copyFileSync(path.join(dataDir, 'data.key'), path.join(freshDir, 'data.key'));
      const freshEnv = { ...env, DATA_DIR: freshDir, DATABASE_URL: fresh.databaseUrl ?? '' };
      const restored = await run(tsx, ['scripts/admin.ts', 'restore', backupFile], { env: freshEnv });
      expect(restored.stdout).toMatch(/^Restored .*users 1/);
      const shown = await run(tsx, ['scripts/admin.ts', 'show', body.email], { env: freshEnv });
      expect(shown.stdout).toContain('status:               profile_completed');
    } finally {
      await fresh.drop();
      rmSync(freshDir, { recursive: true, force: true });
    }
    const failed = await adminCli('approve', 'nobody@example.com').catch((error) => error);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('No account with the e-mail nobody@example.com.');
  }, 300_000);
});
