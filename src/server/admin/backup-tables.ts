import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The tables a backup leaves out, with the reason (ADR 163). Every other table of the schema is in every backup:
 * the list of tables is read from the database's catalogue, never kept by hand.
 */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  kysely_migration:
    'the schema version: the backup names it, and it is restored into a database at that version',
  kysely_migration_lock: 'a lock the migrations hold while they run',
  rate_limits: 'counters that expire within the hour; restored, they would lock people out for nothing',
  job_leases:
    'a running instance holding a job; restored, it would keep the purge from running until it expires',
};

export interface TablePlan {
  name: string;
  /** Columns a restore writes (generated columns are computed again). */
  columns: string[];
  primaryKey: string[];
  /** `generated ... as identity` columns: restored as they were, then their sequence moves past them. */
  identity: string[];
  /**
   * Nullable references that close a circle (users and files name each other) or name a row of the same table (a
   * correction names the response it replaces): written as null, then set once every row is in.
   */
  deferred: string[];
}

interface ColumnRow {
  table: string;
  column: string;
  not_null: boolean;
  identity: string;
  generated: string;
}

interface KeyRow {
  table: string;
  kind: string;
  name: string;
  references: string | null;
  column: string;
}

/**
 * Every table of the current schema except those LEFT_OUT, parents before children (a restore inserts in this
 * order and deletes in the reverse), read from the catalogue: a table a migration adds is in the next backup.
 */
export async function backupPlan(db: Kysely<Database>): Promise<TablePlan[]> {
  const { rows: columns } = await db.executeQuery<ColumnRow>(
    CompiledQuery.raw(`
      select c.relname as "table", a.attname as "column", a.attnotnull as not_null,
             a.attidentity::text as identity, a.attgenerated::text as generated
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`),
  );
  const { rows: keys } = await db.executeQuery<KeyRow>(
    CompiledQuery.raw(`
      select c.relname as "table", k.contype::text as kind, k.conname as name, f.relname as "references",
             a.attname as "column"
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_class f on f.oid = k.confrelid
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
      where n.nspname = current_schema() and k.contype in ('p', 'f')
      order by c.relname, k.conname, a.attnum`),
  );
  const plans = new Map<string, TablePlan>();
  const notNull = new Map<string, boolean>();
  for (const row of columns) {
    if (row.table in LEFT_OUT) continue;
    const plan = plans.get(row.table) ?? {
      name: row.table,
      columns: [],
      primaryKey: [],
      identity: [],
      deferred: [],
    };
    plans.set(row.table, plan);
    notNull.set(`${row.table}.${row.column}`, row.not_null);
    if (row.generated !== '') continue;
    plan.columns.push(row.column);
    if (row.identity !== '') plan.identity.push(row.column);
  }
  // each reference: the table it names and whether all its columns may be null
  const references = new Map<string, { table: string; to: string; columns: string[]; nullable: boolean }>();
  for (const key of keys) {
    const plan = plans.get(key.table);
    if (!plan) continue;
    if (key.kind === 'p') {
      plan.primaryKey.push(key.column);
      continue;
    }
    const id = `${key.table}.${key.name}`;
    const reference = references.get(id) ?? {
      table: key.table,
      to: key.references!,
      columns: [],
      nullable: true,
    };
    reference.columns.push(key.column);
    if (notNull.get(`${key.table}.${key.column}`)) reference.nullable = false;
    references.set(id, reference);
  }
  for (const plan of plans.values()) {
    if (plan.primaryKey.length === 0)
      throw new Error(`Table ${plan.name} has no primary key: a backup cannot restore its references.`);
  }

  // parents first; a nullable reference that closes a circle is deferred, a required one cannot be
  const pending = new Set(plans.keys());
  const edges = [...references.values()].filter((r) => plans.has(r.to));
  for (const self of edges.filter((r) => r.to === r.table))
    plans.get(self.table)!.deferred.push(...self.columns);
  let live = edges.filter((r) => r.to !== r.table);
  const blocking = (table: string) => live.filter((r) => r.table === table && pending.has(r.to));
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
    if (from === to) return true;
    seen.add(from);
    return blocking(from).some((r) => !seen.has(r.to) && reaches(r.to, to, seen));
  };
  const ordered: TablePlan[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter((table) => blocking(table).length === 0).sort();
    if (ready.length === 0) {
      const circle = [...pending]
        .sort()
        .map((table) => blocking(table).filter((r) => reaches(r.to, table)))
        .find((closing) => closing.length > 0 && closing.every((r) => r.nullable));
      if (!circle)
        throw new Error(`Tables ${[...pending].join(', ')} require each other: no restore order exists.`);
      for (const reference of circle) plans.get(reference.table)!.deferred.push(...reference.columns);
      live = live.filter((r) => !circle.includes(r));
      continue;
    }
    for (const table of ready) {
      pending.delete(table);
      ordered.push(plans.get(table)!);
    }
  }
  return ordered;
}

/** The migrations that made this database, in the order they ran (the schema version a backup names). */
export async function schemaVersion(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Writes rows of one table as the backup holds them (`to_jsonb` of each row), deferred references as null.
 * `jsonb_populate_recordset` brings every column type back exactly (ADR 053).
 */
export async function insertRows(
  db: Kysely<Database>,
  plan: TablePlan,
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  if (rows.length === 0) return;
  const written = plan.deferred.length
    ? rows.map((row) => ({ ...row, ...Object.fromEntries(plan.deferred.map((c) => [c, null])) }))
    : rows;
  const columns = plan.columns.map(quote).join(', ');
  const overriding = plan.identity.length ? 'overriding system value' : '';
  await db.executeQuery(
    CompiledQuery.raw(
      `insert into ${quote(plan.name)} (${columns}) ${overriding}
       select ${columns} from jsonb_populate_recordset(null::${quote(plan.name)}, $1::jsonb)`,
      [JSON.stringify(written)],
    ),
  );
}

/** Sets the deferred references of rows written by insertRows, once every row they name is in. */
export async function setDeferred(
  db: Kysely<Database>,
  plan: TablePlan,
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  const linked = rows.filter((row) => plan.deferred.some((c) => row[c] !== null && row[c] !== undefined));
  if (linked.length === 0) return;
  const set = plan.deferred.map((c) => `${quote(c)} = s.${quote(c)}`).join(', ');
  const match = plan.primaryKey.map((c) => `t.${quote(c)} = s.${quote(c)}`).join(' and ');
  await db.executeQuery(
    CompiledQuery.raw(
      `update ${quote(plan.name)} t set ${set}
       from jsonb_populate_recordset(null::${quote(plan.name)}, $1::jsonb) s where ${match}`,
      [JSON.stringify(linked)],
    ),
  );
}

/** Moves each identity column's sequence past the rows restored, so new rows continue after them. */
export async function moveSequences(db: Kysely<Database>, plan: TablePlan): Promise<void> {
  for (const column of plan.identity) {
    await db.executeQuery(
      CompiledQuery.raw(
        `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quote(column)}), 0) + 1, false)
         from ${quote(plan.name)}`,
        [plan.name, column],
      ),
    );
  }
}
