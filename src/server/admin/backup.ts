import { closeSync, createReadStream, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { type DataKeys, decryptJson } from '../crypto/encryption';
import { migrations } from '../db/migrations';
import type { Database } from '../db/schema';
import { AdminCommandError, type AdminResult } from './admin-result';

export const BACKUP_FORMAT = 'psychologist-platform-backup';

/** Every table, parents before children (restore inserts in this order). */
const TABLES = [
  'users',
  'files',
  'sessions',
  'one_time_tokens',
  'mail_outbox',
  'rate_limits',
  'account_events',
  'client_intakes',
  'client_intake_events',
  'questionnaire_responses',
  'audit_entries',
  'destruction_log',
] as const;
type Table = (typeof TABLES)[number];

/** Columns `generated always as identity`: restored as they were, then their sequence moves past them. */
const IDENTITY: Partial<Record<Table, string>> = {
  mail_outbox: 'id',
  account_events: 'id',
  client_intake_events: 'id',
  audit_entries: 'id',
  destruction_log: 'id',
};

/** Rows that name another row of their table come after it (a correction after the response it replaces). */
const ORDER: Partial<Record<Table, string>> = { questionnaire_responses: 'created_at, id' };

interface Header {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  migrations: string[];
  rows: Record<string, number>;
}

const BATCH = 200;
export const DATA_KEY_REMINDER =
  'Keep the data key (DATA_DIR/data.key, or DATA_KEY) with this backup: without it the health data and ' +
  'national IDs in it cannot be read.';

/**
 * `backup FILE`: every table as JSON lines (a header, then one `{"t": table, "r": row}` per row), read in one
 * repeatable-read transaction so the copy is consistent while the server keeps working. Rows are exported with
 * `to_jsonb` and restored with `jsonb_populate_recordset`, so every column type comes back exactly (ADR 053).
 */
export async function writeBackup(db: Kysely<Database>, file: string): Promise<AdminResult> {
  if (!file) throw new AdminCommandError('backup needs a file name, e.g. backup /var/backups/platform.jsonl');
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  const rows: Record<string, number> = {};
  try {
    await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (tx) => {
        const lines: string[] = [];
        for (const table of TABLES) {
          const { rows: found } = await tx.executeQuery<{ r: unknown }>(
            CompiledQuery.raw(
              `select to_jsonb(t) as r from ${table} t${ORDER[table] ? ` order by ${ORDER[table]}` : ''}`,
            ),
          );
          rows[table] = found.length;
          for (const row of found) lines.push(JSON.stringify({ t: table, r: row.r }));
        }
        const header: Header = {
          format: BACKUP_FORMAT,
          version: 1,
          createdAt: new Date().toISOString(),
          migrations: Object.keys(migrations),
          rows,
        };
        writeSync(fd, `${JSON.stringify(header)}\n`);
        for (const line of lines) writeSync(fd, `${line}\n`);
      });
    closeSync(fd);
    renameSync(partial, file);
  } catch (error) {
    closeSync(fd);
    rmSync(partial, { force: true });
    throw error;
  }
  const counted = Object.entries(rows)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  return { output: `Backup written to ${file} (${counted}).\n${DATA_KEY_REMINDER}` };
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
 * `restore FILE` into an empty, migrated database, in one transaction: refused when the database already holds
 * accounts, when the backup was made at another migration level, or when the data key does not open it.
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
  if (header.format !== BACKUP_FORMAT)
    throw new AdminCommandError(`${file} is not a backup of this platform.`);
  const ours = Object.keys(migrations);
  if (JSON.stringify(header.migrations) !== JSON.stringify(ours)) {
    throw new AdminCommandError(
      `${file} was made at database version ${header.migrations.at(-1)}; this installation is at ` +
        `${ours.at(-1)}. Restore it with the version of the platform that made it.`,
    );
  }
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) {
    throw new AdminCommandError(
      'The database already holds accounts. Restore into an empty data folder (or an empty PostgreSQL database).',
    );
  }

  await db.transaction().execute(async (tx) => {
    for (const table of TABLES) await sql`delete from ${sql.table(table)}`.execute(tx);
    const fileLinks: Array<{ id: string; diploma: unknown; photo: unknown }> = [];
    let batch: unknown[] = [];
    let batchTable: Table | undefined;
    const flush = async () => {
      if (!batchTable || batch.length === 0) return;
      const overriding = IDENTITY[batchTable] ? 'overriding system value' : '';
      await tx.executeQuery(
        CompiledQuery.raw(
          `insert into ${batchTable} ${overriding} select * from jsonb_populate_recordset(null::${batchTable}, $1::jsonb)`,
          [JSON.stringify(batch)],
        ),
      );
      batch = [];
    };
    for await (const line of lines) {
      const { t: table, r: row } = JSON.parse(line) as { t: Table; r: Record<string, unknown> };
      if (!TABLES.includes(table)) throw new AdminCommandError(`${file} holds an unknown table "${table}".`);
      if (table !== batchTable || batch.length >= BATCH) {
        await flush();
        batchTable = table;
      }
      if (table === 'users' && (row.diploma_file_id || row.photo_file_id)) {
        // users and files point at each other: the links are set once both are in
        fileLinks.push({ id: row.id as string, diploma: row.diploma_file_id, photo: row.photo_file_id });
        batch.push({ ...row, diploma_file_id: null, photo_file_id: null });
      } else {
        batch.push(row);
      }
    }
    await flush();
    for (const link of fileLinks) {
      await tx
        .updateTable('users')
        .set({ diploma_file_id: link.diploma as string | null, photo_file_id: link.photo as string | null })
        .where('id', '=', link.id)
        .execute();
    }
    for (const [table, column] of Object.entries(IDENTITY)) {
      await tx.executeQuery(
        CompiledQuery.raw(
          `select setval(pg_get_serial_sequence('${table}', '${column}'), coalesce(max(${column}), 0) + 1, false) from ${table}`,
        ),
      );
    }
    if (!(await keyOpensData(tx, keys))) {
      throw new AdminCommandError(
        'The data key in use does not open the data in this backup. Copy the data.key kept with the backup into ' +
          'DATA_DIR (or set DATA_KEY to it) and restore again; nothing was restored.',
      );
    }
  });
  const counted = Object.entries(header.rows)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  return { output: `Restored ${file} (made ${header.createdAt}): ${counted}.` };
}
