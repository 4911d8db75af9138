import { type Kysely, sql } from 'kysely';
import type { IntakeStatus, ScheduleCounts } from '../../shared';
import { decryptJson } from '../crypto/encryption';
import type { Database } from '../db/schema';

/** One client of the Patients list, as stored: the name and birth date opened, nothing else of the record. */
export interface ClientListRow {
  id: string;
  clientName: string;
  birthDate: unknown;
  status: IntakeStatus;
  /** The later of the record's last save and the last change to any of its responses. */
  lastActivity: Date;
  /** Only for a client with a schedule (ADR 128). */
  schedules?: ScheduleCounts;
}

interface Stored {
  id: string;
  status: IntakeStatus;
  updated_at: Date | string;
  summary_encrypted: string;
  demographics: string | null;
  legacy: string | null;
  last_response: Date | string | null;
  has_schedule: boolean | null;
  due: number | string | null;
  overdue: number | string | null;
}

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** A client's name and birth date as opened, and the ciphertexts they were opened from. */
interface Opened {
  summary: string;
  demographics: string | null;
  legacy: string | null;
  clientName: string;
  birthDate: unknown;
}

/** How long a practitioner's opened list is kept after their last list, and for how many practitioners. */
const KEPT_MS = 10 * 60_000;
const KEPT_PRACTITIONERS = 200;

/**
 * The Patients list in one statement (ADR 136): each visible client with its last response change and its
 * schedule counts, grouped once per practitioner and joined, not asked per client; of the sealed data only the
 * summary (the name) and the demographics section (the birth date) are read, not the other sections, and opened
 * only when they changed since the practitioner's last list.
 * `today` is the Istanbul calendar day on which a due occurrence counts (ADR 128).
 */
export function createClientListStore(db: Kysely<Database>, key: Buffer, now: () => number = Date.now) {
  /**
   * Practitioner -> client -> what was opened at their last list, in memory only: a ciphertext that has not
   * changed is not opened again (a save seals anew with a fresh IV, so a changed value never matches, and each
   * value was checked against its own record's context when first opened). Each list replaces the practitioner's
   * entry whole, so a deleted client leaves it at the next list; an entry not used for KEPT_MS is dropped.
   */
  const kept = new Map<string, { at: number; clients: Map<string, Opened> }>();

  function keep(practitionerId: string, clients: Map<string, Opened>) {
    const at = now();
    kept.delete(practitionerId);
    for (const [id, entry] of kept) if (at - entry.at > KEPT_MS) kept.delete(id);
    kept.set(practitionerId, { at, clients });
    if (kept.size > KEPT_PRACTITIONERS) kept.delete(kept.keys().next().value as string);
  }

  function open(row: Stored, before: Opened | undefined): Opened {
    if (
      before &&
      before.summary === row.summary_encrypted &&
      before.demographics === row.demographics &&
      before.legacy === row.legacy
    )
      return before;
    return {
      summary: row.summary_encrypted,
      demographics: row.demographics,
      legacy: row.legacy,
      clientName: decryptJson<{ clientName: string }>(
        key,
        row.summary_encrypted,
        `client-intake-summary:${row.id}`,
      ).clientName,
      birthDate: birthDateOf(key, row),
    };
  }

  return {
    async list(practitionerId: string, today: string): Promise<ClientListRow[]> {
      const { rows } = await sql<Stored>`
        with responses as (
          select intake_id, max(updated_at) as last
          from questionnaire_responses
          where practitioner_id = ${practitionerId}
          group by intake_id
        ),
        schedules as (
          select s.intake_id,
            count(o.id) filter (
              where o.state = 'due' and o.due_on <= ${today} and s.state in ('active', 'paused')
            ) as due,
            count(o.id) filter (where o.state = 'overdue') as overdue
          from measurement_schedules s
          left join schedule_occurrences o on o.schedule_id = s.id
          where s.practitioner_id = ${practitionerId}
          group by s.intake_id
        )
        select c.id, c.status, c.updated_at, c.summary_encrypted,
          c.sections_encrypted ->> 'demographics' as demographics,
          case when c.sections_encrypted ? 'demographics' then null else c.data_encrypted end as legacy,
          r.last as last_response,
          s.intake_id is not null as has_schedule, s.due, s.overdue
        from client_intakes c
        left join responses r on r.intake_id = c.id
        left join schedules s on s.intake_id = c.id
        where c.practitioner_id = ${practitionerId} and c.deleted_at is null`.execute(db);
      const before = kept.get(practitionerId)?.clients;
      const opened = new Map<string, Opened>();
      const list = rows.map((row) => {
        const client = open(row, before?.get(row.id));
        opened.set(row.id, client);
        const updated = date(row.updated_at);
        const lastResponse = row.last_response === null ? undefined : date(row.last_response);
        return {
          id: row.id,
          clientName: client.clientName,
          birthDate: client.birthDate,
          status: row.status,
          lastActivity: lastResponse && lastResponse > updated ? lastResponse : updated,
          ...(row.has_schedule ? { schedules: { due: Number(row.due), overdue: Number(row.overdue) } } : {}),
        };
      });
      keep(practitionerId, opened);
      return list;
    },
  };
}

/** The birth date from the demographics section, or from a record stored whole before sections (ADR 016). */
function birthDateOf(key: Buffer, row: Stored): unknown {
  if (row.demographics !== null) {
    return decryptJson<Record<string, unknown>>(key, row.demographics, `client-intake:${row.id}:demographics`)
      .birthDate;
  }
  if (row.legacy === null) return undefined;
  const all = decryptJson<Record<string, Record<string, unknown> | undefined>>(
    key,
    row.legacy,
    `client-intake:${row.id}`,
  );
  return all.demographics?.birthDate;
}

export type ClientListStore = ReturnType<typeof createClientListStore>;
