import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null unique,
      password_hash text not null,
      first_name text not null,
      last_name text not null,
      language text not null default 'en',
      status text not null default 'pending_verification' check (status in (
        'pending_verification', 'email_verified', 'profile_completed', 'under_review',
        'approved', 'rejected', 'suspended')),
      status_before_suspension text,
      email_verified_at timestamptz,
      terms_accepted_at timestamptz not null,
      privacy_accepted_at timestamptz not null,
      verify_code_hash text,
      verify_code_expires_at timestamptz,
      verify_code_attempts integer not null default 0,
      university text,
      department text,
      graduation_year integer,
      professional_title text,
      chamber_registration_number text,
      national_id_encrypted text,
      national_id_hmac text unique,
      kvkk_consent_at timestamptz,
      kvkk_consent_version text,
      diploma_file_id text,
      photo_file_id text,
      specializations jsonb not null default '[]',
      work_areas jsonb not null default '[]',
      biography text,
      credentials_submitted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table sessions (
      token_hash text primary key,
      user_id uuid not null references users(id) on delete cascade,
      remember boolean not null,
      idle_seconds integer not null,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index sessions_user_id on sessions (user_id)`.execute(db);

  await sql`
    create table one_time_tokens (
      token_hash text primary key,
      user_id uuid not null references users(id) on delete cascade,
      purpose text not null check (purpose in ('verify_email', 'reset_password')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index one_time_tokens_user_id on one_time_tokens (user_id)`.execute(db);

  await sql`
    create table files (
      id text primary key,
      owner_id uuid not null references users(id) on delete cascade,
      kind text not null check (kind in ('diploma', 'photo')),
      name text not null,
      type text not null,
      size integer not null,
      data bytea not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index files_owner_id on files (owner_id)`.execute(db);
  await sql`alter table users add foreign key (diploma_file_id) references files(id) on delete set null`.execute(
    db,
  );
  await sql`alter table users add foreign key (photo_file_id) references files(id) on delete set null`.execute(
    db,
  );

  await sql`
    create table mail_outbox (
      id integer generated always as identity primary key,
      kind text not null,
      recipient text not null,
      subject text not null,
      text text not null,
      html text not null,
      links jsonb not null default '[]',
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table rate_limits (
      key text primary key,
      count integer not null,
      reset_at timestamptz not null
    )`.execute(db);

  await sql`
    create table account_events (
      id integer generated always as identity primary key,
      user_id uuid not null references users(id) on delete cascade,
      action text not null,
      from_status text,
      to_status text,
      actor text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index account_events_user_id on account_events (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['account_events', 'rate_limits', 'mail_outbox', 'one_time_tokens', 'sessions']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
  await sql`drop table users cascade`.execute(db);
  await sql`drop table files`.execute(db);
}
