import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDataKey } from '../../src/server/crypto/data-key';
import { decryptJson, deriveDataKeys, encryptJson, keyedHash } from '../../src/server/crypto/encryption';
import { DataDirBusyError, lockDataDir } from '../../src/server/db/data-dir-lock';
import { migrations } from '../../src/server/db/migrations';
import { migrate } from '../../src/server/db/open-database';
import { cleanFileName } from '../../src/server/storage/uploads';
import { createTestApp, type TestApp } from './support/test-app';

describe('encryption helper (AES-256-GCM, for national IDs now and health data later)', () => {
  const key = randomBytes(32);

  it('round-trips any JSON value', () => {
    for (const value of [{ diagnosis: 'F41.1', notes: ['ç', 'ş'] }, 'text', 42, null, [1, 2]]) {
      expect(decryptJson(key, encryptJson(key, value, 'record:1'), 'record:1')).toEqual(value);
    }
  });

  it('uses a fresh IV each time and reveals nothing of the value', () => {
    const a = encryptJson(key, '10000000146');
    const b = encryptJson(key, '10000000146');
    expect(a).not.toBe(b);
    expect(a).not.toContain('10000000146');
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
  });

  it('never repeats an IV, across the batches the IVs are cut from', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const iv = Buffer.from(encryptJson(key, i).slice(3), 'base64url').subarray(0, 12).toString('hex');
      expect(seen.has(iv)).toBe(false);
      seen.add(iv);
    }
  });

  it('refuses another key, another context and any tampering', () => {
    const sealed = encryptJson(key, { x: 1 }, 'user:a');
    expect(() => decryptJson(randomBytes(32), sealed, 'user:a')).toThrow();
    expect(() => decryptJson(key, sealed, 'user:b')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => decryptJson(key, `v1.${raw.toString('base64url')}`, 'user:a')).toThrow();
    expect(() => decryptJson(key, 'v2.abc')).toThrow(/format/);
  });

  it('derives separate keys for encryption and the national ID hash', () => {
    const keys = deriveDataKeys(key);
    expect(keys.encryption.equals(keys.nationalIdHash)).toBe(false);
    expect(keyedHash(keys.nationalIdHash, '10000000146')).toBe(keyedHash(keys.nationalIdHash, '10000000146'));
    expect(keyedHash(keys.nationalIdHash, '10000000146')).not.toBe(keyedHash(randomBytes(32), '10000000146'));
  });
});

describe('DATA_KEY', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'key-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated once into DATA_DIR/data.key (mode 0600) and reused', () => {
    const first = resolveDataKey(undefined, dir);
    const file = path.join(dir, 'data.key');
    expect(first).toHaveLength(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveDataKey(undefined, dir).equals(first)).toBe(true);
  });

  it('comes from the DATA_KEY variable when set', () => {
    const hex = 'ab'.repeat(32);
    expect(resolveDataKey(hex, dir).toString('hex')).toBe(hex);
  });
});

describe('data folder lock (PGlite allows one process per folder)', () => {
  it('refuses a second holder while the first is alive, and frees the folder on release', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    try {
      const lock = lockDataDir(dir);
      expect(() => lockDataDir(dir)).toThrow(DataDirBusyError);
      lock.release();
      lockDataDir(dir).release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('file names', () => {
  it('keep only a display name: no folders, quotes or control characters', () => {
    expect(cleanFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\a\\diplom "1".pdf', 'x')).toBe('diplom 1.pdf');
    expect(cleanFileName('\u0000\u001f', 'diploma.pdf')).toBe('diploma.pdf');
    expect(cleanFileName('a'.repeat(300), 'x')).toHaveLength(200);
  });
});

describe('database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('applies migrations once: running them again changes nothing', async () => {
    await migrate(t.app.db);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      t.app.db,
    );
    expect(rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });

  it('commits a transaction and rolls back a failed one', async () => {
    await sql`create table tx_probe (n integer)`.execute(t.app.db);
    await t.app.db.transaction().execute(async (tx) => {
      await sql`insert into tx_probe values (1)`.execute(tx);
    });
    await expect(
      t.app.db.transaction().execute(async (tx) => {
        await sql`insert into tx_probe values (2)`.execute(tx);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const { rows } = await sql<{ n: number }>`select n from tx_probe order by n`.execute(t.app.db);
    expect(rows.map((r) => r.n)).toEqual([1]);
  });

  it('keeps parallel transactions apart (no lost updates)', async () => {
    await sql`create table counter_probe (n integer)`.execute(t.app.db);
    await sql`insert into counter_probe values (0)`.execute(t.app.db);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.db.transaction().execute(async (tx) => {
          const { rows } = await sql<{ n: number }>`select n from counter_probe for update`.execute(tx);
          await sql`update counter_probe set n = ${rows[0]!.n + 1}`.execute(tx);
        }),
      ),
    );
    const { rows } = await sql<{ n: number }>`select n from counter_probe`.execute(t.app.db);
    expect(rows[0]!.n).toBe(10);
  });

  it('stores files as bytea and gives the same bytes back', async () => {
    const bytes = randomBytes(1000);
    const user = await t.app.db
      .insertInto('users')
      .values({
        email: `bytes-${Date.now()}@example.com`,
        password_hash: 'x',
        first_name: 'A',
        last_name: 'B',
        terms_accepted_at: new Date(),
        privacy_accepted_at: new Date(),
        specializations: '[]',
        work_areas: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('files')
      .values({
        id: 'bytes-probe',
        owner_id: user.id,
        kind: 'photo',
        name: 'p',
        type: 'image/png',
        size: 1000,
        data: bytes,
      })
      .execute();
    const row = await t.app.db
      .selectFrom('files')
      .select('data')
      .where('id', '=', 'bytes-probe')
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.data).equals(bytes)).toBe(true);
  });
});
