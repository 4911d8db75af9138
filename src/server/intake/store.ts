import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { decryptJson, encryptJson } from '../crypto/encryption';
import type { ClientIntakesTable, Database } from '../db/schema';
import type { FormRef, IntakeStatus } from './sections';

export type SectionData = Record<string, unknown>;

export interface IntakeRecord {
  id: string;
  status: IntakeStatus;
  version: number;
  /** Section key -> the form version its data was filled against. */
  forms: Record<string, FormRef>;
  /** Section key -> its data; a section never saved is absent. */
  sections: Record<string, SectionData>;
  createdAt: Date;
  updatedAt: Date;
  submittedAt: Date | null;
}

export interface IntakeListItem {
  id: string;
  clientName: string;
  status: IntakeStatus;
  updatedAt: Date;
  /** Keys of the sections that hold data. */
  filled: string[];
}

/** What the list needs without decrypting health data; encrypted too, since a name identifies a minor. */
interface Summary {
  clientName: string;
}

export interface IntakeChange {
  status: IntakeStatus;
  forms: Record<string, FormRef>;
  sections: Record<string, SectionData>;
  clientName: string;
}

type Row = Selectable<ClientIntakesTable>;

// the id is bound into each ciphertext, so a blob copied onto another row does not decrypt there
const dataContext = (id: string) => `client-intake:${id}`;
const summaryContext = (id: string) => `client-intake-summary:${id}`;

/** Storage of intake records: ownership is part of every query, so another practitioner's id finds nothing. */
export function createIntakeStore(db: Kysely<Database>, key: Buffer) {
  const toRecord = (row: Row): IntakeRecord => ({
    id: row.id,
    status: row.status,
    version: row.version,
    forms: row.forms,
    sections: decryptJson<Record<string, SectionData>>(key, row.data_encrypted, dataContext(row.id)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    submittedAt: row.submitted_at,
  });

  const sealed = (id: string, change: IntakeChange) => ({
    status: change.status,
    forms: JSON.stringify(change.forms),
    data_encrypted: encryptJson(key, change.sections, dataContext(id)),
    summary_encrypted: encryptJson(
      key,
      { clientName: change.clientName } satisfies Summary,
      summaryContext(id),
    ),
  });

  return {
    async find(practitionerId: string, id: string): Promise<IntakeRecord | undefined> {
      const row = await db
        .selectFrom('client_intakes')
        .selectAll()
        .where('id', '=', id)
        .where('practitioner_id', '=', practitionerId)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async list(practitionerId: string): Promise<IntakeListItem[]> {
      const rows = await db
        .selectFrom('client_intakes')
        .select(['id', 'status', 'updated_at', 'forms', 'summary_encrypted'])
        .where('practitioner_id', '=', practitionerId)
        .orderBy('updated_at', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        clientName: decryptJson<Summary>(key, row.summary_encrypted, summaryContext(row.id)).clientName,
        status: row.status,
        updatedAt: row.updated_at,
        filled: Object.keys(row.forms),
      }));
    },

    async create(practitionerId: string, change: IntakeChange): Promise<IntakeRecord> {
      const id = randomUUID();
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('client_intakes')
          .values({
            id,
            practitioner_id: practitionerId,
            ...sealed(id, change),
            submitted_at: change.status === 'submitted' ? sql<Date>`now()` : null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordEvent(tx, id, practitionerId, 'created');
        if (change.status === 'submitted') await recordEvent(tx, id, practitionerId, 'submitted');
        return toRecord(row);
      });
    },

    /**
     * Writes a change only if the record is still at `expectedVersion` (optimistic concurrency);
     * undefined when it moved on or does not belong to the practitioner.
     */
    async update(
      practitionerId: string,
      id: string,
      expectedVersion: number,
      change: IntakeChange,
    ): Promise<IntakeRecord | undefined> {
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .updateTable('client_intakes')
          .set({
            ...sealed(id, change),
            version: sql<number>`version + 1`,
            updated_at: sql<Date>`greatest(now(), updated_at + interval '1 millisecond')`,
            submitted_at: change.status === 'submitted' ? sql<Date>`now()` : sql<Date>`submitted_at`,
          })
          .where('id', '=', id)
          .where('practitioner_id', '=', practitionerId)
          .where('version', '=', expectedVersion)
          .returningAll()
          .executeTakeFirst();
        if (row && change.status === 'submitted') await recordEvent(tx, id, practitionerId, 'submitted');
        return row && toRecord(row);
      });
    },

    /** Deletes the record and leaves an audit entry (who, when, which id; no health data). */
    async remove(practitionerId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const deleted = await tx
          .deleteFrom('client_intakes')
          .where('id', '=', id)
          .where('practitioner_id', '=', practitionerId)
          .returning('id')
          .executeTakeFirst();
        if (!deleted) return false;
        await recordEvent(tx, id, practitionerId, 'deleted');
        return true;
      });
    },
  };
}

async function recordEvent(
  db: Kysely<Database>,
  intakeId: string,
  actorId: string,
  action: 'created' | 'submitted' | 'deleted',
): Promise<void> {
  await db
    .insertInto('client_intake_events')
    .values({ intake_id: intakeId, actor_id: actorId, action })
    .execute();
}

export type IntakeStore = ReturnType<typeof createIntakeStore>;
