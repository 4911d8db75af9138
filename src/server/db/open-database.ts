import path from 'node:path';
import { DEFAULT_MIGRATION_TABLE, Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { resolveDataKey } from '../crypto/data-key';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import { migrations, migrationsWith } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import { PGliteSource } from './pglite-source';
import { createPostgresPool } from './postgres-pool';
import type { Database } from './schema';

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL: milliseconds to connect (or wait for a free connection); default 3000. */
  connectTimeoutMs?: number;
  /** PostgreSQL: milliseconds a statement may run; default 5000. */
  queryTimeoutMs?: number;
  /** The data key, for a migration that reads sealed data (018); asked for only when one has rows to read. */
  dataKey?: () => Buffer;
}

/** What happened to the connection to the database, outside any request (logged by the app). */
export type DatabaseEvent =
  | { kind: 'connection-lost'; error: Error }
  | { kind: 'reopened' }
  | { kind: 'reopen-failed'; error: unknown };

export interface OpenedDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** The embedded database's source (PGlite only), so tests can break it. */
  embedded?: PGliteSource;
  /** Hears connection losses and reopenings; before a listener is set they are dropped (never thrown). */
  onEvent(listener: (event: DatabaseEvent) => void): void;
  close(): Promise<void>;
}

/** The database settings of the configuration. */
export function databaseOptionsOf(config: {
  dataDir: string;
  databaseUrl?: string;
  dataKey?: string;
  databaseConnectTimeoutMs: number;
  databaseQueryTimeoutMs: number;
}): OpenDatabaseOptions {
  return {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    dataKey: () => resolveDataKey(config.dataKey, config.dataDir),
  };
}

/**
 * Opens PGlite in DATA_DIR/db (or PostgreSQL when a URL is given) and applies pending migrations. The data
 * folder is locked before the first await; only the driver in use is loaded (each costs start-up time).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  let db: Kysely<Database>;
  let lock: DataDirLock | undefined;
  let embedded: PGliteSource | undefined;
  let listener: (event: DatabaseEvent) => void = () => {};
  let migrateWith: (() => Promise<void>) | undefined;
  const emit = (event: DatabaseEvent) => listener(event);
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = createPostgresPool(pg.Pool, {
      connectionString: options.databaseUrl,
      connectTimeoutMs: options.connectTimeoutMs ?? 3000,
      queryTimeoutMs: options.queryTimeoutMs ?? 5000,
      onConnectionError: (error) => emit({ kind: 'connection-lost', error }),
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // migrations run on a connection of their own, without the statement timeout meant for requests
    const connectionString = options.databaseUrl;
    const connectTimeoutMs = options.connectTimeoutMs ?? 3000;
    migrateWith = async () => {
      const once = new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: createPostgresPool(pg.Pool, {
            connectionString,
            connectTimeoutMs,
            queryTimeoutMs: undefined,
            max: 1,
            onConnectionError: () => undefined,
          }),
        }),
      });
      try {
        await migrate(once, options.dataKey);
      } finally {
        await once.destroy();
      }
    };
  } else {
    lock = lockDataDir(options.dataDir);
    try {
      const { PGlite } = await import('@electric-sql/pglite');
      const open = () => PGlite.create(path.join(options.dataDir, 'db'));
      embedded = new PGliteSource(await open(), open, (error) =>
        emit(error === undefined ? { kind: 'reopened' } : { kind: 'reopen-failed', error }),
      );
    } catch (error) {
      lock.release();
      throw error;
    }
    db = new Kysely<Database>({ dialect: new PGliteDialect(embedded) });
  }
  const close = async () => {
    await db.destroy();
    await embedded?.close();
    lock?.release();
  };
  try {
    await (migrateWith ? migrateWith() : migrate(db, options.dataKey));
  } catch (error) {
    await close();
    throw error;
  }
  return {
    db,
    kind: options.databaseUrl ? 'postgres' : 'pglite',
    embedded,
    onEvent: (next) => {
      listener = next;
    },
    close,
  };
}

export async function migrate(db: Kysely<Database>, dataKey?: () => Buffer): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which: name the one we work in.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  if (await upToDate(db, schema)) return;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsWith(dataKey) },
    migrationTableSchema: schema,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/**
 * True when exactly the known migrations have run: a restart then skips the Migrator, whose catalogue
 * look-ups cost 0.5-1.4 s on a freshly opened PGlite. Anything else (a new, missing or unknown migration,
 * no bookkeeping table yet) goes through the Migrator, its lock and its checks.
 */
async function upToDate(db: Kysely<Database>, schema: string): Promise<boolean> {
  let applied: Set<string>;
  try {
    const table = sql.table(`${schema}.${DEFAULT_MIGRATION_TABLE}`);
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    applied = new Set(rows.map((row) => row.name));
  } catch {
    return false;
  }
  const known = Object.keys(migrations);
  return applied.size === known.length && known.every((name) => applied.has(name));
}
