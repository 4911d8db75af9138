import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../../src/server/admin/backup';
import { runAdminCommand } from '../../src/server/admin/commands';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { deriveDataKeys } from '../../src/server/crypto/encryption';
import { openDatabase } from '../../src/server/db/open-database';
import { nationalId, step2Body } from './support/fixtures';
import { bearer, logIn, uploadFile, verifiedUser } from './support/flows';
import {
  captureStream,
  createTestApp,
  prepareDatabase,
  RELAXED_LIMITS,
  TEST_HASH_COST,
  type TestApp,
} from './support/test-app';

let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await createTestApp();
  folder = mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
});
afterAll(async () => {
  await t?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A fresh data folder (or PostgreSQL schema) holding the data key of the backed-up one, as the docs ask. */
async function freshInstallation(withKey: 'same key' | 'another key') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'restore-test-'));
  const database = await prepareDatabase(dataDir);
  const sourceKey = t.config.dataKey ?? readFileSync(path.join(t.dataDir, 'data.key'), 'utf8').trim();
  const dataKey = withKey === 'same key' ? sourceKey : randomBytes(32).toString('hex');
  const env = {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    DATA_KEY: dataKey,
  };
  const config = loadConfig(env);
  return {
    config,
    async restore(file: string) {
      const opened = await openDatabase({ dataDir, databaseUrl: config.databaseUrl });
      try {
        return await restoreBackup(opened.db, deriveDataKeys(Buffer.from(dataKey, 'hex')), file);
      } finally {
        await opened.close();
      }
    },
    async count(table: 'users' | 'client_intakes') {
      const opened = await openDatabase({ dataDir, databaseUrl: config.databaseUrl });
      try {
        const rows = await opened.db.selectFrom(table).select('id').execute();
        return rows.length;
      } finally {
        await opened.close();
      }
    },
    start: (): Promise<FastifyInstance> =>
      buildApp({
        config,
        logger: { level: 'debug', stream: captureStream() },
        unsafeTestHashCost: TEST_HASH_COST,
        limits: RELAXED_LIMITS,
      }),
    async remove() {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('npm run admin -- backup / restore (ADR 053)', () => {
  it('round trip: data written, backup while the server runs, restore into a fresh folder, everything readable', async () => {
    const alice = await verifiedUser(t.app);
    expect((await uploadFile(t.app, alice.token, 'diploma')).statusCode).toBe(201);
    const id = nationalId(123456789);
    const step2 = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/step2',
      payload: step2Body({ nationalId: id }),
      headers: bearer(alice.token),
    });
    expect(step2.statusCode, step2.body).toBe(200);
    const demographics = { clientFirstName: 'Elif', clientLastName: 'Demir', gender: 'female' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/client-intake',
      payload: { status: 'draft', demographics },
      headers: bearer(alice.token),
    });
    expect(created.statusCode, created.body).toBe(201);
    const intakeId = created.json().id as string;

    // what the running server does for `npm run admin -- backup FILE`
    const file = path.join(folder, 'round-trip.jsonl');
    const backup = await runAdminCommand({ db: t.app.db, keys: t.app.keys }, ['backup', file]);
    expect(backup.output).toContain(`Backup written to ${file}`);
    expect(backup.output).toContain('data key');
    expect(existsSync(file)).toBe(true);
    // health data and national IDs stay encrypted inside the backup
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('Elif');
    expect(text).not.toContain(id);

    const fresh = await freshInstallation('same key');
    try {
      expect((await fresh.restore(file)).output).toMatch(/^Restored .*users \d+/);
      const app = await fresh.start();
      try {
        const token = await logIn(app, alice.email, alice.password);
        const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
        expect(me.json().user).toMatchObject({ email: alice.email, hasDiploma: true });
        const intake = await app.inject({
          method: 'GET',
          url: `/api/client-intake/${intakeId}`,
          headers: bearer(token),
        });
        expect(intake.statusCode, intake.body).toBe(200);
        expect(JSON.stringify(intake.json())).toContain('"clientFirstName":"Elif"');
        const shown = await runAdminCommand({ db: app.db, keys: app.keys }, ['show', alice.email]);
        expect(shown.output).toContain(`${id.slice(0, 3)}******${id.slice(-2)}`);
        expect(shown.diploma?.data.length).toBeGreaterThan(0);
        // identities continue after the restored rows
        await logIn(app, alice.email, alice.password);
        const again = await app.inject({
          method: 'POST',
          url: '/api/client-intake',
          payload: { status: 'draft', demographics: {} },
          headers: bearer(token),
        });
        expect(again.statusCode, again.body).toBe(201);
      } finally {
        await app.close();
      }
      // a second restore over data is refused
      await expect(fresh.restore(file)).rejects.toThrow(/already holds accounts/);
    } finally {
      await fresh.remove();
    }
  });

  it('refuses a restore with another data key, and restores nothing', async () => {
    await verifiedUser(t.app);
    const alice = await verifiedUser(t.app);
    await uploadFile(t.app, alice.token, 'diploma');
    await t.app.inject({
      method: 'POST',
      url: '/api/client-intake',
      payload: { status: 'draft', demographics: { clientFirstName: 'Can' } },
      headers: bearer(alice.token),
    });
    const file = path.join(folder, 'other-key.jsonl');
    await runAdminCommand({ db: t.app.db, keys: t.app.keys }, ['backup', file]);
    const fresh = await freshInstallation('another key');
    try {
      await expect(fresh.restore(file)).rejects.toThrow(/data key in use does not open the data/);
      expect(await fresh.count('users')).toBe(0);
    } finally {
      await fresh.remove();
    }
  });
});
