import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../../src/server/admin/backup';
import { backupPlan, LEFT_OUT } from '../../src/server/admin/backup-tables';
import { runAdminCommand } from '../../src/server/admin/commands';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { decryptJson, deriveDataKeys } from '../../src/server/crypto/encryption';
import { openDatabase } from '../../src/server/db/open-database';
import type { Database } from '../../src/server/db/schema';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, newClientRecord } from '../fixtures/intake/server';
import { type EveryRecord, seedEveryRecord } from './support/every-record';
import { bearer, logIn } from './support/flows';
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
let seeded: EveryRecord;
beforeAll(async () => {
  t = await createTestApp({ scheduleSender: false, purgeSchedule: false });
  folder = mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  seeded = await seedEveryRecord(t.app, () => t.app.services.scheduleSender.run());
}, 240_000);
afterAll(async () => {
  await t?.close();
  rmSync(folder, { recursive: true, force: true });
});

const keyOf = (source: TestApp) =>
  source.config.dataKey ?? readFileSync(path.join(source.dataDir, 'data.key'), 'utf8').trim();

/** A fresh data folder (or PostgreSQL database) holding the data key of the backed-up one, as the docs ask. */
async function freshInstallation(withKey: 'same key' | 'another key', source = t) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'restore-test-'));
  const database = await prepareDatabase(dataDir);
  const dataKey = withKey === 'same key' ? keyOf(source) : randomBytes(32).toString('hex');
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:5173',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    DATA_KEY: dataKey,
  });
  const withDb = async <T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> => {
    const opened = await openDatabase({ dataDir, databaseUrl: config.databaseUrl });
    try {
      return await work(opened.db);
    } finally {
      await opened.close();
    }
  };
  return {
    withDb,
    restore: (file: string) =>
      withDb((db) => restoreBackup(db, deriveDataKeys(Buffer.from(dataKey, 'hex')), file)),
    count: (table: string) =>
      withDb(async (db) => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
          db,
        );
        return rows[0]!.n;
      }),
    start: (): Promise<FastifyInstance> =>
      buildApp({
        config,
        logger: { level: 'debug', stream: captureStream() },
        unsafeTestHashCost: TEST_HASH_COST,
        limits: RELAXED_LIMITS,
        scheduleSender: false,
        purgeSchedule: false,
      }),
    async remove() {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const backup = async (app: FastifyInstance, name: string) => {
  const file = path.join(folder, name);
  const made = await runAdminCommand({ db: app.db, keys: app.keys }, ['backup', file]);
  return { file, output: made.output };
};

/** How each sealed column is opened: the context the store binds into its ciphertext, by row. */
const SEALED: Record<string, (row: Record<string, unknown>, entry?: string) => string> = {
  'users.national_id_encrypted': (r) => `national-id:${r.id}`,
  'client_intakes.data_encrypted': (r) => `client-intake:${r.id}`,
  'client_intakes.sections_encrypted': (r, section) => `client-intake:${r.id}:${section}`,
  'client_intakes.summary_encrypted': (r) => `client-intake-summary:${r.id}`,
  'questionnaire_responses.answers_encrypted': (r) => `questionnaire-response:${r.id}:answers`,
  'questionnaire_responses.result_encrypted': (r) => `questionnaire-response:${r.id}:result`,
  'respondent_links.label_encrypted': (r) => `respondent-link:${r.id}:label`,
  'respondent_links.email_encrypted': (r) => `respondent-link:${r.id}:email`,
  'measurement_schedules.email_encrypted': (r) => `measurement-schedule:${r.id}:email`,
  'measurement_schedules.code_encrypted': (r) => `measurement-schedule:${r.id}:code`,
  'response_alerts.note_encrypted': (r) => `response-alert-note:${r.id}`,
};

/** Every row of every backed-up table, in primary-key order, with its sealed columns opened. */
async function everyRow(db: Kysely<Database>, dataKey: string) {
  const key = deriveDataKeys(Buffer.from(dataKey, 'hex')).encryption;
  const tables: Record<string, unknown[]> = {};
  for (const plan of await backupPlan(db)) {
    const order = plan.primaryKey.map((c) => `t."${c}"`).join(', ');
    const { rows } = await db.executeQuery<{ r: Record<string, unknown> }>(
      CompiledQuery.raw(`select to_jsonb(t) as r from "${plan.name}" t order by ${order}`),
    );
    tables[plan.name] = rows.map(({ r: row }) => {
      const opened: Record<string, unknown> = { ...row };
      for (const column of Object.keys(row).filter((c) => c.endsWith('_encrypted'))) {
        const context = SEALED[`${plan.name}.${column}`];
        expect(context, `${plan.name}.${column} is sealed: name its context in SEALED`).toBeDefined();
        const value = row[column];
        if (value === null) continue;
        opened[column] =
          typeof value === 'string'
            ? decryptJson(key, value, context!(row))
            : Object.fromEntries(
                Object.entries(value as Record<string, string>).map(([entry, sealed]) => [
                  entry,
                  decryptJson(key, sealed, context!(row, entry)),
                ]),
              );
      }
      return opened;
    });
  }
  return tables;
}

describe('npm run admin -- backup: every table of the schema (ADR 163)', () => {
  it('holds every table but those the ADR leaves out, and a table a migration adds from then on', async () => {
    const adr = readdirSync('docs/decisions').find((name) => name.startsWith('163-'));
    const reasons = readFileSync(path.join('docs/decisions', adr!), 'utf8');
    // the ADR's list of what is left out, one bullet per reason: exactly the tables the code leaves out
    const from = reasons.indexOf('**Left out');
    const list = reasons.slice(from, reasons.indexOf('\n- **', from));
    const named = [...list.matchAll(/^ {2}- (.+?):/gm)].flatMap((bullet) =>
      [...bullet[1]!.matchAll(/`([a-z_]+)`/g)].map((name) => name[1]),
    );
    expect(named.sort()).toEqual(Object.keys(LEFT_OUT).sort());
    const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
      where schemaname = current_schema() order by tablename`.execute(t.app.db);
    const planned = (await backupPlan(t.app.db)).map((plan) => plan.name);
    for (const { name } of rows) expect(planned.includes(name) || name in LEFT_OUT, name).toBe(true);
    const { output } = await backup(t.app, 'coverage.jsonl');
    const header = JSON.parse(readFileSync(path.join(folder, 'coverage.jsonl'), 'utf8').split('\n')[0]!);
    expect(Object.keys(header.rows).sort()).toEqual([...planned].sort());
    expect(output).toMatch(new RegExp(`: ${planned.length} tables, \\d+ rows \\(`));

    // a table as a later migration would add it, on a server of its own
    const other = await createTestApp();
    try {
      await sql`create table kept_by_a_later_migration (
        id uuid primary key, user_id uuid not null references users(id), note text)`.execute(other.app.db);
      const who = await createPractitioner(other.app);
      await sql`insert into kept_by_a_later_migration values (gen_random_uuid(), ${who.id}, 'kept')`.execute(
        other.app.db,
      );
      const { file } = await backup(other.app, 'later-table.jsonl');
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      expect(JSON.parse(lines[0]!).rows.kept_by_a_later_migration).toBe(1);
      const row = lines
        .map((line) => JSON.parse(line))
        .find((line) => line.t === 'kept_by_a_later_migration');
      expect(row.r).toMatchObject({ user_id: who.id, note: 'kept' });
      // users come before the table that names them
      expect(lines.findIndex((line) => line.includes('"t":"users"'))).toBeLessThan(
        lines.findIndex((line) => line.includes('"t":"kept_by_a_later_migration"')),
      );
    } finally {
      await other.close();
    }
  });
});

describe('npm run admin -- backup / restore: everything comes back (ADR 053, 163)', () => {
  it('restores every kind of record into an empty place, table by table and row by row, opened', async () => {
    // the rows as they stand when the backup is taken: read before and after it, taken again should a timer of the
    // server (a held alert mail) write in between
    let taken: Awaited<ReturnType<typeof backup>> | undefined;
    let before: Record<string, unknown[]> = {};
    for (let attempt = 0; attempt < 3 && !taken; attempt++) {
      const rowsBefore = await everyRow(t.app.db, keyOf(t));
      const made = await backup(t.app, 'every-record.jsonl');
      before = await everyRow(t.app.db, keyOf(t));
      if (isDeepStrictEqual(rowsBefore, before)) taken = made;
    }
    expect(taken, 'the database kept changing while it was backed up').toBeDefined();
    const { file, output } = taken!;
    expect(output).toContain(`Backup written to ${file}`);
    expect(output).toContain('data key');
    // health data, names and national IDs stay sealed inside the backup
    const text = readFileSync(file, 'utf8');
    for (const word of ['Deniz', validSections.complaintHistory.complaintDescription, 'Cetirizine'])
      expect(text.includes(word), word).toBe(false);

    // the seed makes a row in every table the backup holds: a new table needs its rows in every-record.ts
    for (const [table, rows] of Object.entries(before))
      expect(
        rows.length,
        `${table}: add its records to tests/server/support/every-record.ts`,
      ).toBeGreaterThan(0);

    const fresh = await freshInstallation('same key');
    try {
      const restored = (await fresh.restore(file)).output;
      const total = Object.values(before).reduce((sum, rows) => sum + rows.length, 0);
      expect(restored).toContain(`${Object.keys(before).length} tables, ${total} rows (`);
      expect(restored).toContain(`respondent_links ${before.respondent_links!.length}`);
      const after = await fresh.withDb((db) => everyRow(db, keyOf(t)));
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);

      // the case, through the API: the client keeps its 4 links and its schedule
      const app = await fresh.start();
      try {
        const alice = seeded.practitioners[0]!;
        const token = await logIn(app, alice.email, alice.password);
        const get = (url: string) => app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
        const links = await get(`/clients/${seeded.caseClient}/links`);
        expect(links.statusCode, links.body).toBe(200);
        expect(links.json()).toHaveLength(4);
        const schedules = await get(`/clients/${seeded.caseClient}/schedules`);
        expect(schedules.json()).toHaveLength(1);
        expect(schedules.json()[0].occurrences.some((o: { state: string }) => o.state === 'sent')).toBe(true);
        // identities continue after the restored rows
        const again = await app.inject({
          method: 'POST',
          url: '/api/client-intake',
          payload: { status: 'draft', demographics: {} },
          headers: bearer(token),
        });
        expect(again.statusCode, again.body).toBe(201);
        const shown = await runAdminCommand({ db: app.db, keys: app.keys }, ['show', alice.email]);
        expect(shown.output).toContain(alice.email);
      } finally {
        await app.close();
      }
      // a second restore over data is refused
      await expect(fresh.restore(file)).rejects.toThrow(/already holds accounts/);
    } finally {
      await fresh.remove();
    }
  });

  it('a backup taken while saves run restores a consistent state', async () => {
    const who = await createPractitioner(t.app);
    let saving = true;
    const saved: string[] = [];
    const saves = (async () => {
      // clients and their responses, one after another, for as long as the backup runs
      for (let i = 0; saving || i < 3; i++) {
        const client = await newClientRecord(t.app, who, {
          ...validSections.demographics,
          clientFirstName: `Su${i}`,
        });
        const given = await t.app.inject({
          method: 'POST',
          url: `/api/clients/${client}/responses`,
          headers: who.headers,
          payload: { questionnaireId: 'everyday-feelings', language: 'en' },
        });
        expect(given.statusCode, given.body).toBe(201);
        saved.push(client);
      }
    })();
    const { file } = await backup(t.app, 'while-saving.jsonl');
    saving = false;
    await saves;
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line));
    const clients = new Set(lines.filter((l) => l.t === 'client_intakes').map((l) => l.r.id));
    const ours = lines.filter((l) => l.t === 'questionnaire_responses' && l.r.practitioner_id === who.id);
    for (const response of ours) expect(clients.has(response.r.intake_id)).toBe(true);

    const fresh = await freshInstallation('same key');
    try {
      expect((await fresh.restore(file)).output).toMatch(/^Restored .* \d+ tables, \d+ rows/);
      const orphans = await fresh.withDb(async (db) => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from questionnaire_responses r
          where not exists (select 1 from client_intakes c where c.id = r.intake_id)`.execute(db);
        return rows[0]!.n;
      });
      expect(orphans).toBe(0);
      const restoredOurs = await fresh.withDb(async (db) => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from client_intakes
          where practitioner_id = ${who.id}`.execute(db);
        return rows[0]!.n;
      });
      expect(restoredOurs).toBe([...clients].filter((id) => saved.includes(id)).length);
    } finally {
      await fresh.remove();
    }
  });

  it('refuses a file cut short, a file that is not a backup, a newer format and another data key', async () => {
    const { file } = await backup(t.app, 'to-damage.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const cut = path.join(folder, 'cut.jsonl');
    writeFileSync(cut, `${lines.slice(0, -1).join('\n')}\n`);
    const newer = path.join(folder, 'newer.jsonl');
    writeFileSync(newer, `${JSON.stringify({ ...JSON.parse(lines[0]!), version: 99 })}\n`);
    const older = path.join(folder, 'older.jsonl');
    const header = JSON.parse(lines[0]!);
    writeFileSync(older, `${JSON.stringify({ ...header, migrations: header.migrations.slice(0, -1) })}\n`);
    const notOne = path.join(folder, 'not-a-backup.jsonl');
    writeFileSync(notOne, 'id,name\n1,x\n');

    const fresh = await freshInstallation('same key');
    try {
      await expect(fresh.restore(cut)).rejects.toThrow(
        /cut short or damaged: its header promises \d+ rows of/,
      );
      await expect(fresh.restore(newer)).rejects.toThrow(
        /backup format 99; this release reads formats 1 to 2/,
      );
      await expect(fresh.restore(older)).rejects.toThrow(
        /was made at database version .*; this installation is at .*Restore it with the release/,
      );
      await expect(fresh.restore(notOne)).rejects.toThrow(/is not a backup of this platform/);
      expect(await fresh.count('users')).toBe(0);
    } finally {
      await fresh.remove();
    }
    const stranger = await freshInstallation('another key');
    try {
      await expect(stranger.restore(file)).rejects.toThrow(/data key in use does not open the data/);
      expect(await stranger.count('users')).toBe(0);
      expect(await stranger.count('respondent_links')).toBe(0);
    } finally {
      await stranger.remove();
    }
    expect(existsSync(file)).toBe(true);
  });
});
