import { type Kysely, sql } from 'kysely';

/**
 * Section states (`section_states`: section key -> 'empty' | 'in_progress' | 'complete'), computed by the form
 * engine at each save so the list counts complete sections without decrypting answers (ADR 060), and the
 * 'reopened' audit action: a submitted record becomes a draft only through an explicit reopen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table client_intakes add column section_states jsonb not null default '{}'`.execute(db);
  await sql`alter table client_intake_events drop constraint client_intake_events_action_check`.execute(db);
  await sql`alter table client_intake_events add constraint client_intake_events_action_check
    check (action in ('created', 'submitted', 'reopened', 'deleted'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from client_intake_events where action = 'reopened'`.execute(db);
  await sql`alter table client_intake_events drop constraint client_intake_events_action_check`.execute(db);
  await sql`alter table client_intake_events add constraint client_intake_events_action_check
    check (action in ('created', 'submitted', 'deleted'))`.execute(db);
  await sql`alter table client_intakes drop column section_states`.execute(db);
}
