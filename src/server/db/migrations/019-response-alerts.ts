import { type Kysely, sql } from 'kysely';

/**
 * Alerts a practitioner acts on (ADR 166): one row per raised flag whose scoring file makes it an alert, with its
 * level, when it was mailed (urgent only), and what the practitioner did: seen or resolved, when, and a short note
 * (sealed like the answers: it is about the client). It replaces the response's two attention times of 009.
 *
 * Responses flagged before levels existed: their flags are sealed in the result, out of reach of SQL, so each
 * becomes one alert without a flag id. Still waiting: `urgent`, since every one of them was announced as critical
 * and none may drop below a real risk answer; already opened: `seen` at the time it was opened. None is mailed
 * again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table response_alerts (
      id uuid primary key default gen_random_uuid(),
      practitioner_id uuid not null references users(id) on delete cascade,
      response_id uuid not null references questionnaire_responses(id) on delete cascade,
      flag_id text,
      level text not null check (level in ('urgent', 'review')),
      raised_at timestamptz not null default now(),
      mailed_at timestamptz,
      state text not null default 'open' check (state in ('open', 'seen', 'resolved')),
      handled_at timestamptz,
      note_encrypted text,
      unique nulls not distinct (response_id, flag_id)
    )`.execute(db);
  // the badge polls the open ones; the mail throttle looks for urgent ones not mailed yet
  await sql`create index response_alerts_open on response_alerts (practitioner_id) where state = 'open'`.execute(
    db,
  );
  await sql`create index response_alerts_unmailed on response_alerts (practitioner_id)
    where level = 'urgent' and mailed_at is null`.execute(db);
  await sql`
    insert into response_alerts (practitioner_id, response_id, flag_id, level, raised_at, mailed_at, state, handled_at)
    select practitioner_id, id, null, 'urgent', attention_raised_at, attention_raised_at,
      case when attention_seen_at is null then 'open' else 'seen' end, attention_seen_at
    from questionnaire_responses where attention_raised_at is not null`.execute(db);
  await sql`drop index questionnaire_responses_attention`.execute(db);
  await sql`alter table questionnaire_responses drop column attention_raised_at, drop column attention_seen_at`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table questionnaire_responses
    add column attention_raised_at timestamptz,
    add column attention_seen_at timestamptz`.execute(db);
  await sql`update questionnaire_responses r set
      attention_raised_at = a.raised_at,
      attention_seen_at = case when a.state = 'open' then null else coalesce(a.handled_at, a.raised_at) end
    from (select response_id, min(raised_at) as raised_at, min(handled_at) as handled_at,
        case when bool_or(state = 'open') then 'open' else 'seen' end as state
      from response_alerts group by response_id) a
    where a.response_id = r.id`.execute(db);
  await sql`create index questionnaire_responses_attention on questionnaire_responses (practitioner_id)
    where attention_raised_at is not null and attention_seen_at is null`.execute(db);
  await sql`drop table response_alerts`.execute(db);
}
