import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runAdminCommand } from '../../src/server/admin/commands';
import { resolveDataKey } from '../../src/server/crypto/data-key';
import { deriveDataKeys } from '../../src/server/crypto/encryption';
import { type OpenedDatabase, openDatabase } from '../../src/server/db/open-database';
import { DEFAULT_LIMITS } from '../../src/server/security/limiter';
import { notRun } from '../faults/support/not-run';
import { ServerProcess } from '../faults/support/server-process';
import { LOG_CAPTURE_DIR, prepareDatabase } from '../server/support/test-app';
import { type Answer, type Call, send, type Target } from './support/client';
import { readEnvFile } from './support/env-file';
import { Nginx, renderSite } from './support/nginx';
import { selfSignedCertificate } from './support/self-signed-certificate';

const main = inject('deployServerMain');
const missing = inject('deployMissing');

/** nginx listens here and connects to the instances from here: the one address TRUST_PROXY names. */
const PROXY = '127.0.0.1';
const INSTANCE_HOSTS = ['127.0.0.2', '127.0.0.3'];
/** A practitioner's browser, and a second one behind the same proxy. */
const BROWSER = '127.0.0.9';
const OTHER_BROWSER = '127.0.0.10';
/** A caller that reaches an instance without going through nginx. */
const OUTSIDER = '127.0.0.11';
/** What a caller claims to be in X-Forwarded-For (TEST-NET-3: never a real caller). */
const SPOOFED = '203.0.113.7';
const PASSWORD = 'Depl0y!Recipe';

async function freePort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type LogLine = { msg?: string; req?: { url?: string; remoteAddress?: string } };

// without nginx, root or PostgreSQL global-setup has said so loudly; under CI the test fails (not-run.ts)
if (missing) notRun('the production recipe behind nginx', missing);
// one operator's scenario in steps (sign up and in, use the session on both instances, stop one of them): each
// step starts where the one before left the servers, so it keeps its written order in a shuffled run
else
  describe('the production recipe: nginx terminating TLS in front of two instances on one PostgreSQL', {
    shuffle: false,
  }, () => {
    const env = readEnvFile('deploy/platform.env.example');
    const email = `deploy.${randomBytes(4).toString('hex')}@example.com`;
    let dir: string;
    let database: Awaited<ReturnType<typeof prepareDatabase>>;
    let dataKey: string;
    let publicUrl: string;
    let proxy: Target;
    let httpPort: number;
    let nginx: Nginx | undefined;
    let admin: OpenedDatabase | undefined;
    const instances: ServerProcess[] = [];
    let session = '';

    const viaProxy = (call: Omit<Call, 'from'> & { from?: string }): Promise<Answer> =>
      send(proxy, { from: BROWSER, origin: publicUrl, ...call });
    const direct = (instance: number, call: Omit<Call, 'from'>): Promise<Answer> =>
      send(
        { host: INSTANCE_HOSTS[instance]!, port: instances[instance]!.settings.port },
        { from: OUTSIDER, origin: publicUrl, ...call },
      );
    /** An operator command, run as `npm run admin` runs it on PostgreSQL (in-process: a CLI start takes 10 s). */
    const operator = async (...args: string[]) =>
      (await runAdminCommand({ db: admin!.db, keys: deriveDataKeys(resolveDataKey(dataKey, dir)) }, args))
        .output;
    /** Rate-limit counters of one limit, by the client address they count. */
    const counters = async (limit: keyof typeof DEFAULT_LIMITS) => {
      const rows = await admin!.db
        .selectFrom('rate_limits')
        .select(['key', 'count'])
        .where('key', 'like', `ip:${limit}:%`)
        .execute();
      return Object.fromEntries(rows.map((row) => [row.key.slice(`ip:${limit}:`.length), Number(row.count)]));
    };
    /** The requests for `url` each instance has logged so far, with the address it saw them from. */
    const requestsSeen = (url: string) =>
      instances.map((instance) =>
        (instance.logLines as LogLine[])
          .filter((line) => line.msg === 'incoming request' && line.req?.url?.split('?')[0] === url)
          .map((line) => line.req?.remoteAddress),
      );

    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'deploy-'));
      // nginx's worker runs as nobody and reaches its temporary folders through this one
      chmodSync(dir, 0o755);
      const certificate = selfSignedCertificate(dir);
      database = await prepareDatabase(dir);
      httpPort = await freePort(PROXY);
      const httpsPort = await freePort(PROXY);
      publicUrl = `https://localhost:${httpsPort}`;
      proxy = { host: PROXY, port: httpsPort, tls: { ca: certificate.pem, servername: 'localhost' } };
      dataKey = randomBytes(32).toString('hex');

      expect(env.NODE_ENV).toBe('production');
      expect(env.TRUST_PROXY).toBe(PROXY);
      // no mail leaves a test machine: the outbox table keeps it
      const { SMTP_URL: _smtp, ...production } = env;
      for (const [index, host] of INSTANCE_HOSTS.entries()) {
        const dataDir = path.join(dir, `instance-${index + 1}`);
        mkdirSync(dataDir);
        const port = await freePort(host);
        // one after the other: the first applies the migrations to the empty database
        instances.push(
          await ServerProcess.start(main, {
            databaseUrl: database.databaseUrl,
            dataDir,
            dataKey,
            port,
            env: {
              ...production,
              HOST: host,
              PORT: String(port),
              DATA_DIR: dataDir,
              DATABASE_URL: database.databaseUrl!,
              DATA_KEY: dataKey,
              PUBLIC_URL: publicUrl,
              // the production default, which the fault suite's process helper turns off
              REQUIRE_EMAIL_VERIFICATION: 'true',
              // the request lines tell which instance answered and from which address it saw the request
              LOG_LEVEL: 'info',
              // a shared test machine under load can take longer than production's 3 s to connect
              DATABASE_CONNECT_TIMEOUT_MS: '15000',
            },
          }),
        );
      }
      admin = await openDatabase({ dataDir: dir, databaseUrl: database.databaseUrl });

      nginx = Nginx.start(
        dir,
        renderSite({
          httpPort,
          httpsPort,
          instances: instances.map((instance) => `${instance.settings.env!.HOST}:${instance.settings.port}`),
          certFile: certificate.certFile,
          keyFile: certificate.keyFile,
        }),
      );
      const until = Date.now() + 20_000;
      for (;;) {
        const ready = await viaProxy({ from: PROXY, path: '/api/health/ready' }).catch(() => undefined);
        if (ready?.status === 200) break;
        if (!nginx.alive || Date.now() > until)
          throw new Error(`nginx did not proxy /api/health/ready within 20 s: ${nginx.said()}`);
        // a poll for the proxy answering, bounded: not a wait before a check
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });

    afterAll(async () => {
      await nginx?.stop();
      mkdirSync(LOG_CAPTURE_DIR, { recursive: true });
      for (const [index, instance] of instances.entries()) {
        await instance.kill('SIGKILL');
        // production-mode logs go to the log scan of `npm test` like every test server's
        writeFileSync(
          path.join(LOG_CAPTURE_DIR, `deploy-instance-${index + 1}-${process.pid}.log`),
          instance.logLines.map((line) => `${JSON.stringify(line)}\n`).join(''),
        );
      }
      await admin?.close();
      await database?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('answers plain HTTP only with a redirect to https', async () => {
      const answer = await send(
        { host: PROXY, port: httpPort },
        { from: BROWSER, path: '/login', headers: { host: 'localhost' } },
      );
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe('https://localhost/login');
    });

    it('signs up and in over TLS: HSTS on every answer, the session cookie Secure and HttpOnly', async () => {
      const signup = await viaProxy({
        method: 'POST',
        path: '/api/auth/signup/step1',
        body: {
          firstName: 'Ayşe',
          lastName: 'Yılmaz',
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          acceptTerms: true,
          acceptPrivacyPolicy: true,
        },
      });
      expect(signup.status, signup.text).toBe(201);
      const hsts = /max-age=(\d+)/.exec(String(signup.headers['strict-transport-security']));
      // at least the 180 days browsers' preload lists ask for
      expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);

      await operator('verify-email', email);
      await operator('set-status', email, 'approved');
      const login = await viaProxy({
        method: 'POST',
        path: '/api/auth/login',
        body: { email, password: PASSWORD, rememberMe: false },
      });
      expect(login.status, login.text).toBe(200);
      expect(login.headers['strict-transport-security']).toBe(signup.headers['strict-transport-security']);
      const cookie = login.headers['set-cookie']?.find((line) => line.startsWith('session='));
      expect(cookie).toMatch(/;\s*Secure(;|$)/i);
      expect(cookie).toMatch(/;\s*HttpOnly(;|$)/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax(;|$)/i);
      session = cookie!.split(';')[0]!;
    });

    it('serves one session from both instances, taking turns, and writes through either', async () => {
      const before = requestsSeen('/api/auth/me').map((seen) => seen.length);
      const answers = [];
      for (let i = 0; i < 6; i++)
        answers.push(await viaProxy({ path: '/api/auth/me', headers: { cookie: session } }));
      expect(answers.map((answer) => [answer.status, answer.json?.user?.email])).toEqual(
        answers.map(() => [200, email]),
      );
      const seenSince = () => requestsSeen('/api/auth/me').map((addresses, i) => addresses.slice(before[i]));
      // log lines come through a pipe: they may trail the answers by a moment
      await expect.poll(() => seenSince().flat().length).toBe(6);
      const seen = seenSince();
      // round robin: each instance answered some of them, together all six
      expect(seen[0]!.length).toBeGreaterThan(0);
      expect(seen[1]!.length).toBeGreaterThan(0);
      expect(seen[0]!.length + seen[1]!.length).toBe(6);
      // and each logged the browser's address, not nginx's
      expect(new Set(seen.flat())).toEqual(new Set([BROWSER]));

      const language = await viaProxy({
        method: 'PUT',
        path: '/api/auth/language',
        headers: { cookie: session },
        body: { language: 'tr' },
      });
      expect(language.status, language.text).toBe(200);
      for (const instance of [0, 1]) {
        const me = await direct(instance, { path: '/api/auth/me', headers: { cookie: session } });
        expect(me.json?.user?.language).toBe('tr');
      }
    });

    it('counts rate limits per browser behind the proxy, whatever X-Forwarded-For the caller sends', async () => {
      const { max } = DEFAULT_LIMITS.checkEmailPerIp;
      const statuses: number[] = [];
      for (let i = 0; i <= max; i++) {
        const answer = await viaProxy({
          path: `/api/auth/check-email?email=free${i}%40example.com`,
          // a new address each time: believed, it would give every request a fresh counter
          headers: { 'x-forwarded-for': `203.0.113.${(i % 250) + 1}` },
        });
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, max)).toEqual(Array(max).fill(200));
      expect(statuses[max]).toBe(429);
      const other = await viaProxy({
        from: OTHER_BROWSER,
        path: '/api/auth/check-email?email=other%40example.com',
      });
      expect(other.status).toBe(200);

      const counted = await counters('checkEmailPerIp');
      expect(Object.keys(counted).sort()).toEqual([BROWSER, OTHER_BROWSER].sort());
      expect(counted[BROWSER]).toBeGreaterThan(max);
    });

    it('believes no X-Forwarded-For from a caller that is not the proxy, on either instance', async () => {
      for (const instance of [0, 1]) {
        const answer = await direct(instance, {
          path: `/api/auth/check-email?email=direct${instance}%40example.com`,
          headers: { 'x-forwarded-for': SPOOFED },
        });
        expect(answer.status).toBe(200);
      }
      const counted = await counters('checkEmailPerIp');
      expect(counted[OUTSIDER]).toBe(2);
      expect(Object.keys(counted)).not.toContain(SPOOFED);
      expect(Object.keys(counted)).not.toContain(PROXY);
    });

    it('writes the address the request came from in the audit trail: the browser through the proxy, never a spoofed one', async () => {
      const created = await viaProxy({
        method: 'POST',
        path: '/api/client-intake',
        headers: { cookie: session, 'x-forwarded-for': SPOOFED },
        body: { status: 'draft', demographics: { clientFirstName: 'Deniz' } },
      });
      expect(created.status, created.text).toBe(201);
      const read = await direct(1, {
        path: `/api/client-intake/${created.json.id}`,
        headers: { cookie: session, 'x-forwarded-for': SPOOFED },
      });
      expect(read.status, read.text).toBe(200);

      const trail = (await operator('audit', '--account', email))
        .split('\n')
        .filter((line) => line.includes(created.json.id))
        .map((line) => ({ action: line.split(/\s+/)[1], from: /from (\S+)\s*$/.exec(line)?.[1] }));
      expect(trail).toEqual(
        expect.arrayContaining([
          { action: 'create', from: BROWSER },
          { action: 'read', from: OUTSIDER },
        ]),
      );
      expect(trail.map((entry) => entry.from)).not.toContain(SPOOFED);
      expect(trail.map((entry) => entry.from)).not.toContain(PROXY);
    });

    it('keeps the session when one instance stops: nginx sends every request to the other', async () => {
      await instances[0]!.kill('SIGTERM');
      expect(instances[0]!.alive).toBe(false);
      const before = requestsSeen('/api/auth/me')[1]!.length;
      for (let i = 0; i < 4; i++) {
        const me = await viaProxy({ path: '/api/auth/me', headers: { cookie: session } });
        expect(me.status, me.text).toBe(200);
      }
      await expect.poll(() => requestsSeen('/api/auth/me')[1]!.length - before).toBe(4);
      const language = await viaProxy({
        method: 'PUT',
        path: '/api/auth/language',
        headers: { cookie: session },
        body: { language: 'en' },
      });
      expect(language.status, language.text).toBe(200);

      const logout = await viaProxy({
        method: 'POST',
        path: '/api/auth/logout',
        headers: { cookie: session },
      });
      expect(logout.status, logout.text).toBe(204);
      expect((await viaProxy({ path: '/api/auth/me', headers: { cookie: session } })).status).toBe(401);
      expect(instances.flatMap((instance) => instance.errorLines())).toEqual([]);
    });
  });
