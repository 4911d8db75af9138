import { type Kysely, sql } from 'kysely';

/**
 * The operator joins the audit trail's actors: re-scoring a response with a newer scoring version is an operator
 * command (ADR 109), and the trail says who did it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_entries drop constraint audit_entries_actor_kind_check`.execute(db);
  await sql`
    alter table audit_entries add constraint audit_entries_actor_kind_check
      check (actor_kind in ('practitioner', 'link', 'operator'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from audit_entries where actor_kind = 'operator'`.execute(db);
  await sql`alter table audit_entries drop constraint audit_entries_actor_kind_check`.execute(db);
  await sql`
    alter table audit_entries add constraint audit_entries_actor_kind_check
      check (actor_kind in ('practitioner', 'link'))`.execute(db);
}
