import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import { migrations } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Opens PGlite in DATA_DIR/db (or PostgreSQL when a URL is given) and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  let db: Kysely<Database>;
  let lock: DataDirLock | undefined;
  let pglite: PGlite | undefined;
  if (options.databaseUrl) {
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: options.databaseUrl, max: 10 }) }),
    });
  } else {
    lock = lockDataDir(options.dataDir);
    try {
      pglite = await PGlite.create(path.join(options.dataDir, 'db'));
    } catch (error) {
      lock.release();
      throw error;
    }
    db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  }
  const close = async () => {
    await db.destroy();
    await pglite?.close();
    lock?.release();
  };
  try {
    await migrate(db);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, kind: options.databaseUrl ? 'postgres' : 'pglite', close };
}

export async function migrate(db: Kysely<Database>): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which: name the one we work in.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0]?.schema ?? 'public',
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
