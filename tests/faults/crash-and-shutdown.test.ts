import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { AutoSaveLoad, report } from './support/auto-save-load';
import { newPractitioner, type Practitioner, readRecord } from './support/practitioner';
import { createDatabase } from './support/private-cluster';
import { removeDataDir, ServerProcess, serverSettings } from './support/server-process';

const cluster = inject('cluster');
const main = inject('serverMain');
// used below only with a comment saying why: a poll's interval, a bound, the one wait that fails if too short
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once the port refuses new connections: the server has begun to close (its preClose hook ran). */
async function refusingConnections(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const probe = connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', () => resolve(true));
    });
    if (refused) return;
    // a poll for the event, at a short interval: not a wait before a check
    await pause(20);
  }
}

/** SHUTDOWN_TIMEOUT_MS's default, plus slack for a loaded machine. */
const DRAIN_BOUND_SECONDS = 12;

const databases: Array<[string, () => Promise<string | undefined>]> = [
  ['the embedded database (PGlite)', async () => undefined],
];
if ('port' in cluster) databases.push(['PostgreSQL', () => createDatabase(cluster)]);

/**
 * One HTTP/1.1 connection by hand: a save whose body is half sent when SIGTERM comes, then the rest with a
 * second request right behind it on the same connection. Answers everything the server wrote back.
 */
async function saveInFlightAcrossSigterm(server: ServerProcess, p: Practitioner, schoolName: string) {
  const body = JSON.stringify({ status: 'draft', version: p.version, demographics: { schoolName } });
  const half = Math.floor(body.length / 2);
  const socket = connect(server.settings.port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('utf8');
  });
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `PUT /api/client-intake/${p.recordId} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${p.token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  // The half body has to reach the server before the signal; at LOG_LEVEL=warn nothing the server says marks that.
  // A wait for something to happen, not for it not to: too short, and the save is refused and the test fails.
  await pause(300);
  server.proc.kill('SIGTERM');
  const signalledAt = Date.now();
  // the rest comes once the server is closing: it no longer takes connections
  await refusingConnections(server.settings.port);
  socket.write(
    `${body.slice(half)}GET /api/auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${p.token}\r\n` +
      'Accept-Language: tr\r\n\r\n',
  );
  // a bound on the wait for the close, which the expectations then read
  await Promise.race([closed, pause(15_000)]);
  socket.destroy();
  return { received, signalledAt };
}

describe('the server killed or stopped during auto-saves (real processes)', () => {
  for (const [name, database] of databases) {
    it(`SIGKILL on ${name}: after a restart every acknowledged save is there`, async () => {
      const settings = await serverSettings(await database(), { RATE_LIMITS: 'off' });
      let server = await ServerProcess.start(main, settings);
      try {
        const practitioners = await Promise.all(
          Array.from({ length: 6 }, () => newPractitioner(server.base)),
        );
        const load = new AutoSaveLoad(() => server.base, practitioners, 5);
        load.start();
        // killed in the middle of saving: each client acknowledged ten times on average
        await load.until((f) => f.acknowledged >= 10 * practitioners.length, 'saves before the kill');
        const { signal } = await server.kill('SIGKILL');
        await load.stop();
        server = await ServerProcess.start(main, settings);
        const lost = await load.lostSaves(server.base);
        report(`SIGKILL under auto-save load, ${name}`, load.figures, { lost });

        expect(signal).toBe('SIGKILL');
        expect(load.figures.acknowledged).toBeGreaterThan(0);
        expect(lost).toBe(0);
        expect(load.figures.otherServerErrors, load.figures.samples.join('\n')).toBe(0);
      } finally {
        await server.kill('SIGKILL');
        removeDataDir(settings);
      }
    });

    it(`SIGTERM on ${name}: the save in flight finishes and is acknowledged, a new request gets 503, the process exits in time`, async () => {
      const settings = await serverSettings(await database(), { RATE_LIMITS: 'off' });
      let server = await ServerProcess.start(main, settings);
      try {
        const [first, ...others] = await Promise.all(
          Array.from({ length: 5 }, () => newPractitioner(server.base)),
        );
        const p = first!;
        const load = new AutoSaveLoad(() => server.base, others, 5);
        load.start();
        await load.until((f) => f.acknowledged >= 3 * others.length, 'saves before the signal');
        const { received, signalledAt } = await saveInFlightAcrossSigterm(server, p, 'in flight at SIGTERM');
        const exit = await server.exited;
        const drainSeconds = (Date.now() - signalledAt) / 1000;
        await load.stop();

        const [saveAnswer, nextAnswer] = received.split(/(?=HTTP\/1\.1 )/);
        server = await ServerProcess.start(main, settings);
        const stored = await readRecord(server.base, p);
        const lost = await load.lostSaves(server.base);
        report(`SIGTERM under auto-save load, ${name}`, load.figures, {
          lost,
          'in-flight save': saveAnswer?.split('\r\n')[0],
          'request during the drain': nextAnswer?.split('\r\n')[0] ?? 'none',
          'seconds to exit': drainSeconds.toFixed(2),
        });

        expect(saveAnswer).toMatch(/^HTTP\/1\.1 200 /);
        expect(stored.version).toBe(p.version + 1);
        expect(stored.demographics?.schoolName).toBe('in flight at SIGTERM');
        expect(nextAnswer).toMatch(/^HTTP\/1\.1 503 /);
        expect(nextAnswer).toMatch(/\r\nretry-after: 5\r\n/i);
        expect(nextAnswer).toMatch(/"code":"SERVICE_UNAVAILABLE"/);
        expect(nextAnswer).toMatch(/kısa bir süreliğine/);
        expect(exit).toEqual({ code: 0, signal: null });
        expect(drainSeconds).toBeLessThan(DRAIN_BOUND_SECONDS);
        expect(lost).toBe(0);
        expect(load.figures.otherServerErrors, load.figures.samples.join('\n')).toBe(0);
      } finally {
        await server.kill('SIGKILL');
        removeDataDir(settings);
      }
    });
  }
});
