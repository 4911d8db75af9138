import { closeSync, createReadStream, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { type DataKeys, decryptJson } from '../crypto/encryption';
import type { Database } from '../db/schema';
import { AdminCommandError, type AdminResult } from './admin-result';
import {
  backupPlan,
  insertRows,
  moveSequences,
  schemaVersion,
  setDeferred,
  type TablePlan,
} from './backup-tables';

export const BACKUP_FORMAT = 'psychologist-platform-backup';
/** Version 2 names its tables in the header; version 1 (a hand-kept list of tables) restores the same way. */
const BACKUP_VERSION = 2;

interface Header {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The migrations that made the database: the schema version. */
  migrations: string[];
  /** Rows per table, in restore order; every table of the schema but those LEFT_OUT. */
  rows: Record<string, number>;
}

const BATCH = 200;
export const DATA_KEY_REMINDER =
  'Keep the data key (DATA_DIR/data.key, or DATA_KEY) with this backup: without it the health data and ' +
  'national IDs in it cannot be read.';

/** "3 tables, 12 rows (users 2, files 1, sessions 9)" */
function inWords(rows: Record<string, number>): string {
  const tables = Object.keys(rows).length;
  const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
  const each = Object.entries(rows)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  return `${tables} tables, ${total} rows (${each})`;
}

/**
 * Writes every table of the schema (read from the catalogue, ADR 163) to `out` as JSON lines: a header, then one
 * `{"t": table, "r": row}` per row, in one repeatable-read transaction so the copy is consistent while the server
 * keeps working. Rows are exported with `to_jsonb`, parents before children.
 */
export async function dumpDatabase(
  db: Kysely<Database>,
  out: (line: string) => void,
): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const plans = await backupPlan(tx);
      const migrationsRun = await schemaVersion(tx);
      const lines: string[] = [];
      for (const plan of plans) {
        const order = plan.primaryKey.map((c) => `t."${c}"`).join(', ');
        const { rows: found } = await tx.executeQuery<{ r: unknown }>(
          CompiledQuery.raw(`select to_jsonb(t) as r from "${plan.name}" t order by ${order}`),
        );
        rows[plan.name] = found.length;
        for (const row of found) lines.push(JSON.stringify({ t: plan.name, r: row.r }));
      }
      const header: Header = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        migrations: migrationsRun,
        rows,
      };
      out(JSON.stringify(header));
      for (const line of lines) out(line);
    });
  return rows;
}

/** `backup FILE`: the whole database (but the tables ADR 163 leaves out) as JSON lines, written atomically. */
export async function writeBackup(db: Kysely<Database>, file: string): Promise<AdminResult> {
  if (!file) throw new AdminCommandError('backup needs a file name, e.g. backup /var/backups/platform.jsonl');
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  let rows: Record<string, number>;
  try {
    rows = await dumpDatabase(db, (line) => writeSync(fd, `${line}\n`));
    closeSync(fd);
    renameSync(partial, file);
  } catch (error) {
    closeSync(fd);
    rmSync(partial, { force: true });
    throw error;
  }
  return { output: `Backup written to ${file}: ${inWords(rows)}.\n${DATA_KEY_REMINDER}` };
}

async function* readLines(file: string): AsyncGenerator<string> {
  const lines = createInterface({
    input: createReadStream(file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) if (line.trim() !== '') yield line;
}

/** Whether the data key in use opens what the backup encrypted: a national ID or an intake summary. */
async function keyOpensData(db: Kysely<Database>, keys: DataKeys): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'national_id_encrypted'])
    .where('national_id_encrypted', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  const intake = await db
    .selectFrom('client_intakes')
    .select(['id', 'summary_encrypted'])
    .limit(1)
    .executeTakeFirst();
  try {
    if (user) decryptJson(keys.encryption, user.national_id_encrypted!, `national-id:${user.id}`);
    if (intake) decryptJson(keys.encryption, intake.summary_encrypted, `client-intake-summary:${intake.id}`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads backup lines (`{"t": table, "r": row}`, parents before children) into the tables of a database at the
 * backup's schema version, in the caller's transaction: the tables are emptied first, identity sequences move past
 * the rows. Rows per table as read. Used by `restore` and by the upgrade test's fixture loader.
 */
export async function loadRows(
  tx: Kysely<Database>,
  lines: AsyncIterable<string> | Iterable<string>,
  source: string,
): Promise<Record<string, number>> {
  const plans = await backupPlan(tx);
  const byName = new Map(plans.map((plan) => [plan.name, plan]));
  for (const plan of [...plans].reverse()) await sql`delete from ${sql.table(plan.name)}`.execute(tx);
  const counted: Record<string, number> = {};
  const deferred = new Map<TablePlan, Array<Record<string, unknown>>>();
  let batch: Array<Record<string, unknown>> = [];
  let batchPlan: TablePlan | undefined;
  const flush = async () => {
    if (batchPlan) await insertRows(tx, batchPlan, batch);
    batch = [];
  };
  for await (const line of lines) {
    let parsed: { t?: unknown; r?: unknown };
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new AdminCommandError(`${source} is damaged: a line is not JSON. Nothing was restored.`);
    }
    const plan = typeof parsed.t === 'string' ? byName.get(parsed.t) : undefined;
    if (!plan || typeof parsed.r !== 'object' || parsed.r === null) {
      throw new AdminCommandError(
        `${source} holds rows of a table this database does not have ("${String(parsed.t)}"). Nothing was restored.`,
      );
    }
    const row = parsed.r as Record<string, unknown>;
    if (plan !== batchPlan || batch.length >= BATCH) {
      await flush();
      batchPlan = plan;
    }
    batch.push(row);
    counted[plan.name] = (counted[plan.name] ?? 0) + 1;
    if (plan.deferred.length) {
      const list = deferred.get(plan) ?? [];
      deferred.set(plan, list);
      list.push(
        Object.fromEntries([...plan.primaryKey, ...plan.deferred].map((column) => [column, row[column]])),
      );
    }
  }
  await flush();
  for (const [plan, rows] of deferred) {
    for (let i = 0; i < rows.length; i += BATCH) await setDeferred(tx, plan, rows.slice(i, i + BATCH));
  }
  for (const plan of plans) await moveSequences(tx, plan);
  return counted;
}

/**
 * `restore FILE` into an empty, migrated database, in one transaction: refused when the file is not a backup of
 * this platform (or of a newer backup format), when it was made at another schema version, when the database
 * already holds accounts, when the file is cut short, or when the data key does not open it. Says what it restored.
 */
export async function restoreBackup(
  db: Kysely<Database>,
  keys: DataKeys,
  file: string,
): Promise<AdminResult> {
  if (!file) throw new AdminCommandError('restore needs the file a backup wrote.');
  const lines = readLines(file);
  const first = await lines.next();
  let header: Header;
  try {
    header = JSON.parse(first.done ? '' : first.value);
  } catch {
    throw new AdminCommandError(`${file} is not a backup of this platform.`);
  }
  if (
    header?.format !== BACKUP_FORMAT ||
    !Array.isArray(header.migrations) ||
    typeof header.rows !== 'object'
  )
    throw new AdminCommandError(`${file} is not a backup of this platform.`);
  if (!Number.isInteger(header.version) || header.version > BACKUP_VERSION) {
    throw new AdminCommandError(
      `${file} is in backup format ${header.version}; this release reads formats 1 to ${BACKUP_VERSION}. ` +
        'Restore it with the release that made it.',
    );
  }
  const ours = await schemaVersion(db);
  if (JSON.stringify(header.migrations) !== JSON.stringify(ours)) {
    throw new AdminCommandError(
      `${file} was made at database version ${header.migrations.at(-1)}; this installation is at ` +
        `${ours.at(-1)}. Restore it with the release of the platform that made it (then upgrade as ` +
        'docs/deploy.md says).',
    );
  }
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) {
    throw new AdminCommandError(
      'The database already holds accounts. Restore into an empty data folder (or an empty PostgreSQL database).',
    );
  }

  const restored = await db.transaction().execute(async (tx) => {
    const counted = await loadRows(tx, lines, file);
    for (const [table, expected] of Object.entries(header.rows)) {
      if ((counted[table] ?? 0) !== expected) {
        throw new AdminCommandError(
          `${file} is cut short or damaged: its header promises ${expected} rows of ${table}, it holds ` +
            `${counted[table] ?? 0}. Nothing was restored.`,
        );
      }
    }
    if (!(await keyOpensData(tx, keys))) {
      throw new AdminCommandError(
        'The data key in use does not open the data in this backup. Copy the data.key kept with the backup into ' +
          'DATA_DIR (or set DATA_KEY to it) and restore again; nothing was restored.',
      );
    }
    return counted;
  });
  const inOrder = Object.fromEntries(Object.keys(header.rows).map((table) => [table, restored[table] ?? 0]));
  return {
    output:
      `Restored ${file} (made ${header.createdAt}, database version ${header.migrations.at(-1)}): ` +
      `${inWords(inOrder)}.`,
  };
}
