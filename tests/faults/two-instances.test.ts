import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/security/limiter';
import { notRun } from './support/not-run';
import { call, newPractitioner } from './support/practitioner';
import { type ClusterInfo, createDatabase } from './support/private-cluster';
import { removeDataDir, ServerProcess, serverSettings } from './support/server-process';

const cluster = inject('cluster');
const main = inject('serverMain');

// without a private cluster global-setup has said so loudly; under CI the test fails (support/not-run.ts)
if (!('port' in cluster)) notRun('two server processes on one PostgreSQL', cluster.missing);
else
  describe('two server processes on one PostgreSQL behave as one', () => {
    let a: ServerProcess;
    let b: ServerProcess;

    beforeAll(async () => {
      const databaseUrl = await createDatabase(cluster as ClusterInfo);
      const first = await serverSettings(databaseUrl);
      // the second instance shares the database and the data key, nothing else
      const second = { ...(await serverSettings(databaseUrl)), dataKey: first.dataKey };
      a = await ServerProcess.start(main, first);
      b = await ServerProcess.start(main, second);
    });
    afterAll(async () => {
      for (const server of [a, b]) {
        if (!server) continue;
        await server.kill('SIGKILL');
        removeDataDir(server.settings);
      }
    });

    it('a session made on one instance works on the other, and logging out on it ends it on both', async () => {
      const p = await newPractitioner(a.base);
      const me = await call(b.base, 'GET', '/api/auth/me', undefined, p.token);
      expect(me.status).toBe(200);
      expect(me.json.user.email).toBe(p.email);
      // the record written through one instance reads back, decrypted, through the other
      const record = await call(b.base, 'GET', `/api/client-intake/${p.recordId}`, undefined, p.token);
      expect(record.status).toBe(200);
      expect(record.json.demographics.schoolName).toBe('save 0');
      expect((await call(b.base, 'POST', '/api/auth/logout', {}, p.token)).status).toBe(204);
      expect((await call(a.base, 'GET', '/api/auth/me', undefined, p.token)).status).toBe(401);
    });

    it('rate limits are counted once for both: check-email per address, alternating instances', async () => {
      const { max } = DEFAULT_LIMITS.checkEmailPerIp;
      const statuses: number[] = [];
      for (let i = 0; i <= max; i++) {
        const server = i % 2 === 0 ? a : b;
        statuses.push(
          (await call(server.base, 'GET', `/api/auth/check-email?email=free${i}@example.com`)).status,
        );
      }
      console.log(
        `[faults] two instances, check-email alternating: ${statuses.filter((s) => s === 200).length} answered, then ${statuses.at(-1)}`,
      );
      expect(statuses.slice(0, max).every((status) => status === 200)).toBe(true);
      expect(statuses[max]).toBe(429);
      // and the other instance refuses too: one counter
      expect((await call(b.base, 'GET', '/api/auth/check-email?email=one-more@example.com')).status).toBe(
        429,
      );
    });

    it('a stale save gets 409 CONFLICT on either instance', async () => {
      const p = await newPractitioner(b.base);
      const save = (server: ServerProcess, version: number, schoolName: string) =>
        call(
          server.base,
          'PUT',
          `/api/client-intake/${p.recordId}`,
          { status: 'draft', version, demographics: { schoolName } },
          p.token,
        );
      const onA = await save(a, p.version, 'from A');
      expect(onA.status).toBe(200);
      const staleOnB = await save(b, p.version, 'stale on B');
      expect(staleOnB.status).toBe(409);
      expect(staleOnB.json).toMatchObject({ code: 'CONFLICT', version: onA.json.version });
      const onB = await save(b, onA.json.version, 'from B');
      expect(onB.status).toBe(200);
      const staleOnA = await save(a, onA.json.version, 'stale on A');
      expect(staleOnA.status).toBe(409);
      const record = await call(a.base, 'GET', `/api/client-intake/${p.recordId}`, undefined, p.token);
      expect(record.json.demographics.schoolName).toBe('from B');
      expect(a.errorLines()).toEqual([]);
      expect(b.errorLines()).toEqual([]);
    });
  });
