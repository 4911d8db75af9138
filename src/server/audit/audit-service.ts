import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';

/** Who touched client data: the signed-in practitioner, or a respondent through a link they were sent. */
export type AuditActor =
  | { kind: 'practitioner'; userId: string }
  | { kind: 'link'; linkId: string }
  /** An operator command (`npm run admin`): no account, so the entry names the command. */
  | { kind: 'operator'; command: string };

/** What was done; a print view and an export are told apart from a plain read. */
export type AuditAction =
  | 'read'
  | 'list'
  | 'create'
  | 'change'
  | 'submit'
  | 'reopen'
  | 'export'
  | 'print'
  | 'delete'
  /** The practitioner opened a response whose critical answers needed attention (ADR 108; entries before 166). */
  | 'acknowledge'
  /** The practitioner marked an alert seen, or resolved (ADR 166). */
  | 'see'
  | 'resolve'
  /** A questionnaire given outside its age range, confirmed by the practitioner. */
  | 'override-age'
  /** An operator re-scored a response with a newer scoring version (ADR 109). */
  | 'rescore'
  /** A measurement schedule paused, resumed or stopped, or one of its sendings cancelled (ADR 128). */
  | 'pause'
  | 'resume'
  | 'stop'
  | 'cancel';

export interface AuditEvent {
  actor: AuditActor;
  action: AuditAction;
  /** The account whose client data it is; for a practitioner actor, defaults to that practitioner. */
  practitionerId?: string;
  /** The client the record belongs to; null for account-wide actions (the list, the account export). */
  clientId: string | null;
  /** 'intake', 'file', 'account', and what later areas add ('questionnaire-response', ...). */
  recordType: string;
  recordId: string | null;
  /** The request's address (request.ip). */
  address: string | null;
}

export interface AuditEntry {
  id: string;
  at: string;
  actorKind: AuditActor['kind'];
  actorId: string;
  action: string;
  clientId: string | null;
  recordType: string;
  recordId: string | null;
  address: string | null;
}

type EntryRow = Selectable<Database['audit_entries']>;

export const entryOf = (row: EntryRow): AuditEntry => ({
  id: String(row.id),
  at: row.created_at.toISOString(),
  actorKind: row.actor_kind,
  actorId: row.actor_id,
  action: row.action,
  clientId: row.client_id,
  recordType: row.record_type,
  recordId: row.record_id,
  address: row.address,
});

const actorIdOf = (actor: AuditActor) =>
  actor.kind === 'practitioner' ? actor.userId : actor.kind === 'link' ? actor.linkId : actor.command;

/**
 * The audit trail of client data (ADR 090): one entry per read, change, export, print view or deletion, holding
 * who, which record of which client, what, when and from where, never the data itself. The application only
 * appends; the retention purge is the one thing that removes entries.
 */
export function createAuditService(db: Kysely<Database>) {
  return {
    async record(event: AuditEvent, executor: Kysely<Database> = db): Promise<void> {
      const practitionerId =
        event.practitionerId ?? (event.actor.kind === 'practitioner' ? event.actor.userId : undefined);
      if (!practitionerId)
        throw new Error('an audit entry by a link or an operator names the practitioner it belongs to');
      await executor
        .insertInto('audit_entries')
        .values({
          practitioner_id: practitionerId,
          actor_kind: event.actor.kind,
          actor_id: actorIdOf(event.actor),
          action: event.action,
          client_id: event.clientId,
          record_type: event.recordType,
          record_id: event.recordId,
          address: event.address?.slice(0, 100) ?? null,
        })
        .execute();
    },

    /** Entries about one client of the practitioner, newest first (the 'Access history'). */
    async forClient(practitionerId: string, clientId: string, limit = 500): Promise<AuditEntry[]> {
      const rows = await db
        .selectFrom('audit_entries')
        .selectAll()
        .where('practitioner_id', '=', practitionerId)
        .where('client_id', '=', clientId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(entryOf);
    },

    /** Every entry of an account, oldest first (the export and the operator's listing). */
    async forAccount(practitionerId: string): Promise<AuditEntry[]> {
      const rows = await db
        .selectFrom('audit_entries')
        .selectAll()
        .where('practitioner_id', '=', practitionerId)
        .orderBy('id', 'asc')
        .execute();
      return rows.map(entryOf);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
