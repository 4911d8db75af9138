import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Kysely, type Selectable } from 'kysely';
import type { FormRef, IntakeStatus, SectionData, SectionState } from '../../shared';
import { decryptJson, encryptJson } from '../crypto/encryption';
import type { Database } from '../db/schema';
import { type Check, countingSql, type Hit } from '../security/limiter';
import { visibleClient, visibleClientSql } from './client-visibility';

export type { SectionData };

/** Where a record stands: what every save answers and a 409 carries. */
export interface IntakeMeta {
  id: string;
  status: IntakeStatus;
  version: number;
  updatedAt: Date;
}

export interface IntakeRecord extends IntakeMeta {
  /** Section key -> the form version its data was filled against. */
  forms: Record<string, FormRef>;
  /** Section key -> its data; a section never saved is absent. */
  sections: Record<string, SectionData>;
  /** Section key -> its state at its last save; absent for sections saved before states were kept. */
  states: Record<string, SectionState>;
  createdAt: Date;
  submittedAt: Date | null;
}

export interface IntakeListItem {
  id: string;
  clientName: string;
  status: IntakeStatus;
  updatedAt: Date;
  /** Keys of the sections that were saved. */
  filled: string[];
  /** Section key -> its state at its last save; absent for sections saved before states were kept. */
  states: Record<string, SectionState>;
}

/** What the list needs without decrypting health data; encrypted too, since a name identifies a minor. */
interface Summary {
  clientName: string;
}

/** A write: the sections it carries replace theirs whole; the others stay as stored. */
export interface IntakeChange {
  status: IntakeStatus;
  sections: Record<string, SectionData>;
  /** Section key -> the form version its data was validated with; the write fails if the record pinned another. */
  forms: Record<string, FormRef>;
  /** The client's name (from the demographics section); undefined keeps the stored one. */
  clientName?: string;
  /** The carried sections' states (ADR 060). */
  states: Record<string, SectionState>;
  /** The request's address for the audit entry the write leaves in the same statement (ADR 090). */
  address?: string | null;
}

export interface WriteOutcome {
  /** Undefined when no row matched: unknown or another practitioner's id, another version, another pin. */
  saved?: IntakeMeta;
  /** The counted save limit, when one was passed. */
  hit?: Hit;
}

// the id (and the section key) are bound into each ciphertext, so a blob copied elsewhere does not decrypt there
const legacyContext = (id: string) => `client-intake:${id}`;
const sectionContext = (id: string, key: string) => `client-intake:${id}:${key}`;
export const summaryContext = (id: string) => `client-intake-summary:${id}`;

interface MetaRow {
  id: string;
  status: IntakeStatus;
  version: number;
  updated_at: Date;
}

const metaOf = (row: MetaRow): IntakeMeta => ({
  id: row.id,
  status: row.status,
  version: row.version,
  updatedAt: row.updated_at,
});

/**
 * The save: replaces the carried sections' ciphertexts and states and pins their form versions in one UPDATE,
 * only while the record belongs to the practitioner, is a draft (a submitted record changes only after a
 * reopen, ADR 060), is at the expected version (when one is given) and has not pinned a carried section to a
 * version other than the one the data was validated with. A submit also leaves its event, and every write its
 * audit entry (ADR 090), in the same statement. `first` numbers the parameters after those of a statement put
 * before it.
 */
function writeSql(first: number, counted: boolean): string {
  const $ = (n: number) => `$${first + n}`;
  return `saved as (
    update client_intakes set
      sections_encrypted = sections_encrypted || ${$(0)}::jsonb,
      forms = forms || ${$(1)}::jsonb,
      section_states = section_states || ${$(7)}::jsonb,
      summary_encrypted = coalesce(${$(2)}::text, summary_encrypted),
      status = ${$(3)}::text,
      version = version + 1,
      updated_at = greatest(now(), updated_at + interval '1 millisecond'),
      submitted_at = case when ${$(3)}::text = 'submitted' then now() else submitted_at end
    where id = ${$(4)}::uuid and ${visibleClientSql(`${$(5)}::uuid`)} and client_intakes.status = 'draft'
      and (${$(6)}::int is null or version = ${$(6)}::int)
      and not exists (
        select 1 from jsonb_each(${$(1)}::jsonb) pin where client_intakes.forms -> pin.key <> pin.value)
      ${counted ? `and (select count from hit) <= ${$(9)}::int` : ''}
    returning id, practitioner_id, status, version, updated_at
  ), submitted as (
    insert into client_intake_events (intake_id, actor_id, action)
    select id, practitioner_id, 'submitted' from saved where status = 'submitted'
  ), audited as (
    insert into audit_entries
      (practitioner_id, actor_kind, actor_id, action, client_id, record_type, record_id, address)
    select practitioner_id, 'practitioner', practitioner_id::text,
      case when status = 'submitted' then 'submit' else 'change' end, id::text, 'intake', id::text, ${$(8)}::text
    from saved
  )`;
}

/** The save with the save limit counted in the same statement (ADR 015): a refused save writes nothing. */
const COUNTED_WRITE = `with hit as (${countingSql(1, 1)}), ${writeSql(3, true)}
  select hit.count, hit.reset_in, saved.id, saved.status, saved.version, saved.updated_at
  from hit left join saved on true`;
const WRITE = `with ${writeSql(1, false)} select id, status, version, updated_at from saved`;

const CREATE = `with created as (
    insert into client_intakes
      (id, practitioner_id, status, forms, sections_encrypted, summary_encrypted, section_states, submitted_at)
    values ($1::uuid, $2::uuid, $3::text, $4::jsonb, $5::jsonb, $6::text, $7::jsonb,
      case when $3::text = 'submitted' then now() end)
    returning id, status, version, updated_at
  ), events as (
    insert into client_intake_events (intake_id, actor_id, action)
    select id, $2::uuid, 'created' from created
    union all select id, $2::uuid, 'submitted' from created where status = 'submitted'
  )
  select id, status, version, updated_at from created`;

/** Back to a draft, only from submitted (and at the expected version when given), with its audit entry. */
const REOPEN = `with reopened as (
    update client_intakes set
      status = 'draft',
      version = version + 1,
      updated_at = greatest(now(), updated_at + interval '1 millisecond'),
      submitted_at = null
    where id = $1::uuid and ${visibleClientSql('$2::uuid')} and status = 'submitted'
      and ($3::int is null or version = $3::int)
    returning id, practitioner_id, status, version, updated_at
  ), events as (
    insert into client_intake_events (intake_id, actor_id, action)
    select id, practitioner_id, 'reopened' from reopened
  )
  select id, status, version, updated_at from reopened`;

// hidden at once and purged after the grace period (ADR 092), so a mistaken deletion can still be restored
const REMOVE = `with deleted as (
    update client_intakes set deleted_at = now()
    where id = $1::uuid and ${visibleClientSql('$2::uuid')}
    returning id, practitioner_id
  ), stopped as (
    -- its measurement schedules stop at once, and a restore does not start them again (ADR 128)
    update measurement_schedules set state = 'stopped', changed_at = now()
    where intake_id in (select id from deleted) and state in ('active', 'paused')
  ), cancelled as (
    update schedule_occurrences set state = 'cancelled', cancelled_at = now()
    where state = 'due' and schedule_id in
      (select s.id from measurement_schedules s where s.intake_id in (select id from deleted))
  )
  insert into client_intake_events (intake_id, actor_id, action)
  select id, practitioner_id, 'deleted' from deleted
  returning intake_id`;

/**
 * Storage of intake records: the visibility rule (ADR 103) is part of every query, so another practitioner's id or
 * a deleted record finds nothing.
 */
export function createIntakeStore(db: Kysely<Database>, key: Buffer) {
  const sealSections = (id: string, sections: Record<string, SectionData>) =>
    JSON.stringify(
      Object.fromEntries(
        Object.entries(sections).map(([name, data]) => [
          name,
          encryptJson(key, data, sectionContext(id, name)),
        ]),
      ),
    );
  const sealSummary = (id: string, clientName: string) =>
    encryptJson(key, { clientName } satisfies Summary, summaryContext(id));

  /** A stored row as a record: every section decrypted with the context it was sealed under. */
  const open = (row: Selectable<Database['client_intakes']>): IntakeRecord => {
    const sections: Record<string, SectionData> = row.data_encrypted
      ? decryptJson<Record<string, SectionData>>(key, row.data_encrypted, legacyContext(row.id))
      : {};
    for (const [name, sealed] of Object.entries(row.sections_encrypted)) {
      sections[name] = decryptJson<SectionData>(key, sealed, sectionContext(row.id, name));
    }
    return {
      ...metaOf(row),
      forms: row.forms,
      sections,
      states: row.section_states,
      createdAt: row.created_at,
      submittedAt: row.submitted_at,
    };
  };

  return {
    async find(practitionerId: string, id: string): Promise<IntakeRecord | undefined> {
      const row = await db
        .selectFrom('client_intakes')
        .selectAll()
        .where('id', '=', id)
        .where(visibleClient(practitionerId))
        .executeTakeFirst();
      return row && open(row);
    },

    /**
     * Every record of the practitioner, decrypted, oldest first, deleted ones awaiting their purge included (with
     * when they were deleted): what the account's data export holds, the one read past the visibility rule (ADR 103).
     */
    async everything(
      practitionerId: string,
    ): Promise<Array<IntakeRecord & { clientName: string; deletedAt: Date | null }>> {
      const rows = await db
        .selectFrom('client_intakes')
        .selectAll()
        .where('practitioner_id', '=', practitionerId)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => ({
        ...open(row),
        clientName: decryptJson<Summary>(key, row.summary_encrypted, summaryContext(row.id)).clientName,
        deletedAt: row.deleted_at,
      }));
    },

    /** Every record's client name by record id, deleted ones included: the account archive names its clients. */
    async clientNames(practitionerId: string): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('client_intakes')
        .select(['id', 'summary_encrypted'])
        .where('practitioner_id', '=', practitionerId)
        .execute();
      return new Map(
        rows.map((row) => [
          row.id,
          decryptJson<Summary>(key, row.summary_encrypted, summaryContext(row.id)).clientName,
        ]),
      );
    },

    /** Where the record stands and which form versions it pinned; nothing is decrypted. */
    async meta(
      practitionerId: string,
      id: string,
    ): Promise<(IntakeMeta & { forms: Record<string, FormRef> }) | undefined> {
      const row = await db
        .selectFrom('client_intakes')
        .select(['id', 'status', 'version', 'updated_at', 'forms'])
        .where('id', '=', id)
        .where(visibleClient(practitionerId))
        .executeTakeFirst();
      return row && { ...metaOf(row), forms: row.forms };
    },

    async list(practitionerId: string): Promise<IntakeListItem[]> {
      const rows = await db
        .selectFrom('client_intakes')
        .select(['id', 'status', 'updated_at', 'forms', 'section_states', 'summary_encrypted'])
        .where(visibleClient(practitionerId))
        .orderBy('updated_at', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        clientName: decryptJson<Summary>(key, row.summary_encrypted, summaryContext(row.id)).clientName,
        status: row.status,
        updatedAt: row.updated_at,
        filled: Object.keys(row.forms),
        states: row.section_states,
      }));
    },

    /** A new record and its audit entries ('created', and 'submitted' when it is), in one statement. */
    async create(practitionerId: string, change: IntakeChange): Promise<IntakeMeta> {
      const id = randomUUID();
      const { rows } = await db.executeQuery<MetaRow>(
        CompiledQuery.raw(CREATE, [
          id,
          practitionerId,
          change.status,
          JSON.stringify(change.forms),
          sealSections(id, change.sections),
          sealSummary(id, change.clientName ?? ''),
          JSON.stringify(change.states),
        ]),
      );
      return metaOf(rows[0]!);
    },

    /**
     * Writes a change in one statement (see writeSql), `expectedVersion` undefined meaning whatever the current
     * one is. With `count`, the save limit is counted in the same statement and the write happens only within it.
     */
    async write(
      practitionerId: string,
      id: string,
      expectedVersion: number | undefined,
      change: IntakeChange,
      count?: Check,
    ): Promise<WriteOutcome> {
      const parameters = [
        sealSections(id, change.sections),
        JSON.stringify(change.forms),
        change.clientName === undefined ? null : sealSummary(id, change.clientName),
        change.status,
        id,
        practitionerId,
        expectedVersion ?? null,
        JSON.stringify(change.states),
        change.address?.slice(0, 100) ?? null,
      ];
      if (!count) {
        const { rows } = await db.executeQuery<MetaRow>(CompiledQuery.raw(WRITE, parameters));
        return { saved: rows[0] && metaOf(rows[0]) };
      }
      const { rows } = await db.executeQuery<
        { count: number; reset_in: number } & { [K in keyof MetaRow]: MetaRow[K] | null }
      >(
        CompiledQuery.raw(COUNTED_WRITE, [
          count.key,
          count.limit.windowSeconds,
          ...parameters,
          count.limit.max,
        ]),
      );
      const row = rows[0]!;
      const hit = { count: row.count, resetIn: Math.max(0, row.reset_in) };
      return { hit, saved: row.id === null ? undefined : metaOf(row as MetaRow) };
    },

    /** A submitted record back to a draft; undefined when it is not submitted, not found or at another version. */
    async reopen(
      practitionerId: string,
      id: string,
      expectedVersion: number | undefined,
    ): Promise<IntakeMeta | undefined> {
      const { rows } = await db.executeQuery<MetaRow>(
        CompiledQuery.raw(REOPEN, [id, practitionerId, expectedVersion ?? null]),
      );
      return rows[0] && metaOf(rows[0]);
    },

    /** Marks the record deleted (purged later) and leaves its event (who, when, which id; no health data) in one statement. */
    async remove(practitionerId: string, id: string): Promise<boolean> {
      const { rows } = await db.executeQuery(CompiledQuery.raw(REMOVE, [id, practitionerId]));
      return rows.length > 0;
    },
  };
}

export type IntakeStore = ReturnType<typeof createIntakeStore>;
