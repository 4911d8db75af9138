/**
 * The upgrade harness (ADR 163): a database at an older schema version, holding a previous release's data, upgraded
 * by today's migrations and served by today's server, on PGlite or (with DATABASE_URL) PostgreSQL. A migration that
 * reshapes data tests itself with it: `atVersion` gives an empty database at the version before it, `loadFixture`
 * a previous release's data, `upgrade` runs today's migrations and `serve` starts today's server on the result.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { databaseAt, withClient } from '../../scripts/postgres-client';
import { loadRows } from '../../src/server/admin/backup';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { migrationsWith } from '../../src/server/db/migrations';
import { migrate } from '../../src/server/db/open-database';
import { PGliteDialect } from '../../src/server/db/pglite-dialect';
import { PGliteSource } from '../../src/server/db/pglite-source';
import type { Database } from '../../src/server/db/schema';
import { captureStream, RELAXED_LIMITS, TEST_HASH_COST } from '../server/support/test-app';

export interface OldDatabase {
  db: Kysely<Database>;
  dataDir: string;
  databaseUrl?: string;
  /** The data key (hex) the data is sealed with. */
  dataKey: string;
  /** Runs today's migrations (018 reads sealed data with the data key); milliseconds taken. */
  upgrade(): Promise<number>;
  /** Today's server on this database (closes the harness's own connection first). */
  serve(options?: { clock?: () => Date }): Promise<FastifyInstance>;
  /** Closes what is open and removes the database. */
  remove(): Promise<void>;
}

/** An empty PGlite cluster made once per PGlite version and copied: initdb takes 10-20 s on a busy machine. */
async function emptyClusterTemplate(): Promise<string> {
  const { version } = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8'));
  const template = path.join(os.tmpdir(), `pglite-${version}-empty-cluster`);
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const building = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const { PGlite } = await import('@electric-sql/pglite');
  await (await PGlite.create(building)).close();
  try {
    renameSync(building, template);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

async function connect(
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<() => Promise<Kysely<Database>>> {
  if (databaseUrl) {
    return async () =>
      new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
      });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  return async () => {
    const open = () => PGlite.create(path.join(dataDir, 'db'));
    const source = new PGliteSource(await open(), open);
    const db = new Kysely<Database>({ dialect: new PGliteDialect(source) });
    // closing the Kysely closes the embedded database too, so the server can open the folder
    const destroy = db.destroy.bind(db);
    db.destroy = async () => {
      await destroy();
      await source.close();
    };
    return db;
  };
}

/** An empty database (a data folder, or a database of its own on DATABASE_URL's server) at migration `version`. */
export async function atVersion(
  version: string,
  dataKey = randomBytes(32).toString('hex'),
): Promise<OldDatabase> {
  const known = Object.keys(migrationsWith());
  if (!known.includes(version)) throw new Error(`No migration ${version} in this release.`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'upgrade-test-'));
  const baseUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  if (baseUrl) {
    const name = `upgrade_${randomBytes(6).toString('hex')}`;
    await withClient(baseUrl, (client) => client.query(`create database ${name}`));
    databaseUrl = databaseAt(baseUrl, name);
  } else {
    cpSync(await emptyClusterTemplate(), path.join(dataDir, 'db'), { recursive: true });
  }
  const open = await connect(dataDir, databaseUrl);
  let db: Kysely<Database> | undefined = await open();
  const key = () => Buffer.from(dataKey, 'hex');
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsWith(key) },
    migrationTableSchema: 'public',
  });
  const { error } = await migrator.migrateTo(version);
  if (error) throw error;
  const opened: OldDatabase = {
    get db() {
      if (!db) throw new Error('The database is served: use the app.');
      return db;
    },
    dataDir,
    databaseUrl,
    dataKey,
    async upgrade() {
      const started = performance.now();
      await migrate(opened.db, key);
      return performance.now() - started;
    },
    async serve(options = {}) {
      await db?.destroy();
      db = undefined;
      const config = loadConfig({
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        PUBLIC_URL: 'http://localhost:5173',
        DATA_KEY: dataKey,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      return buildApp({
        config,
        logger: { level: 'debug', stream: captureStream() },
        unsafeTestHashCost: TEST_HASH_COST,
        limits: RELAXED_LIMITS,
        scheduleSender: false,
        purgeSchedule: false,
        ...(options.clock ? { clock: options.clock } : {}),
      });
    },
    async remove() {
      await db?.destroy();
      db = undefined;
      if (baseUrl && databaseUrl) {
        const name = new URL(databaseUrl).pathname.slice(1);
        await withClient(baseUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return opened;
}

export interface FixtureHeader {
  format: string;
  version: number;
  createdAt: string;
  migrations: string[];
  rows: Record<string, number>;
}

/** A previous release's data (tests/upgrade/fixtures/NAME.jsonl) in an empty database at that release's version. */
export async function loadFixture(
  file: string,
  dataKey: string,
): Promise<OldDatabase & { header: FixtureHeader }> {
  const [first, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const header = JSON.parse(first!) as FixtureHeader;
  const known = Object.keys(migrationsWith());
  const missing = header.migrations.filter((name) => !known.includes(name));
  if (missing.length > 0)
    throw new Error(`${file} ran migrations this release does not have: ${missing.join(', ')}`);
  const old = await atVersion(header.migrations.at(-1)!, dataKey);
  await old.db.transaction().execute((tx) => loadRows(tx, lines, file));
  return Object.assign(old, { header });
}
