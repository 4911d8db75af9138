import type { ColumnType, Generated } from 'kysely';
import type {
  AccountStatus,
  FormRef,
  IntakeStatus,
  QuestionnaireRespondent,
  SectionState,
} from '../../shared';

export type { AccountStatus };

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  language: Generated<string>;
  status: ColumnType<AccountStatus, AccountStatus | undefined, AccountStatus>;
  status_before_suspension: AccountStatus | null;
  email_verified_at: Date | null;
  terms_accepted_at: Timestamp;
  privacy_accepted_at: Timestamp;
  verify_code_hash: string | null;
  verify_code_expires_at: Date | null;
  verify_code_attempts: Generated<number>;
  university: string | null;
  department: string | null;
  graduation_year: number | null;
  professional_title: string | null;
  chamber_registration_number: string | null;
  national_id_encrypted: string | null;
  national_id_hmac: string | null;
  kvkk_consent_at: Date | null;
  kvkk_consent_version: string | null;
  diploma_file_id: string | null;
  photo_file_id: string | null;
  specializations: Json<string[]>;
  work_areas: Json<string[]>;
  biography: string | null;
  credentials_submitted_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Set when the practitioner asked for deletion: sign-in is blocked until cancelled or purged. */
  deletion_requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  deletion_due_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** SHA-256 of the cancel link's token. */
  deletion_cancel_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  remember: boolean;
  idle_seconds: number;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface OneTimeTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify_email' | 'reset_password';
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface FilesTable {
  id: string;
  owner_id: string;
  kind: 'diploma' | 'photo';
  name: string;
  type: string;
  size: number;
  data: Uint8Array;
  created_at: Generated<Date>;
}

export interface MailOutboxTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  links: Json<string[]>;
  created_at: Generated<Date>;
  /** pending until SMTP took it; failed after too many attempts or too long (kept for the operator). */
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Generated<Date>;
  /** An instance sending the mail holds it until then; another may take it over afterwards. */
  claimed_until: Date | null;
  sent_at: Date | null;
  /** The account the mail was sent to or about (a guardian's link mail: the practitioner's); ADR 104. */
  account_id: string | null;
  /** When it was delivered or given up; its recipient and subject are blanked MAIL_RETENTION_DAYS later. */
  finished_at: Date | null;
}

export type MailStatus = 'pending' | 'sent' | 'failed';

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface AccountEventsTable {
  id: Generated<number>;
  user_id: string;
  action: string;
  from_status: string | null;
  to_status: string | null;
  actor: string;
  created_at: Generated<Date>;
}

export interface ClientIntakesTable {
  id: string;
  practitioner_id: string;
  status: ColumnType<IntakeStatus, IntakeStatus | undefined, IntakeStatus>;
  version: ColumnType<number, number | undefined, number>;
  /** Section key -> { form, version } it was filled against; no health data. */
  forms: Json<Record<string, FormRef>>;
  /** Whole-record ciphertext of records written before per-section storage; null since (ADR 016). */
  data_encrypted: string | null;
  /** Section key -> its AES-256-GCM ciphertext. */
  sections_encrypted: Json<Record<string, string>>;
  summary_encrypted: string;
  /** Section key -> 'empty' | 'in_progress' | 'complete', computed at each save (ADR 060); no answers. */
  section_states: Json<Record<string, SectionState>>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  submitted_at: Date | null;
  /** Deleted by the practitioner: hidden at once, purged after the grace period (ADR 092). */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ClientIntakeEventsTable {
  id: Generated<number>;
  intake_id: string;
  actor_id: string;
  action: 'created' | 'submitted' | 'reopened' | 'deleted';
  created_at: Generated<Date>;
}

export interface QuestionnaireResponsesTable {
  id: string;
  practitioner_id: string;
  /** The intake record that stands for the client (one client per intake record). */
  intake_id: string;
  questionnaire_id: string;
  /** The form version and scoring version the response is pinned to (ADR 086). */
  questionnaire_version: number;
  scoring_version: number;
  language: 'en' | 'tr';
  /** Who answered (ADR 125); null for responses given before it was recorded. */
  respondent: ColumnType<QuestionnaireRespondent | null, QuestionnaireRespondent | null | undefined, never>;
  status: ColumnType<'draft' | 'submitted', 'draft' | 'submitted' | undefined, 'draft' | 'submitted'>;
  version: ColumnType<number, number | undefined, number>;
  replaces_id: string | null;
  /** The answers, AES-256-GCM; health data. */
  answers_encrypted: string;
  /** The server's ScoreResult, AES-256-GCM; null while a draft. */
  result_encrypted: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  submitted_at: Date | null;
}

/** A raised flag that alerts the practitioner (ADR 166), and what they did about it. */
export interface ResponseAlertsTable {
  id: Generated<string>;
  practitioner_id: string;
  response_id: string;
  /** The flag of the pinned scoring file; null for a response flagged before alerts had levels. */
  flag_id: string | null;
  level: 'urgent' | 'review';
  raised_at: Generated<Date>;
  /** When the practitioner's mail counted it; null for an urgent alert still to be mailed (review: never). */
  mailed_at: Date | null;
  state: ColumnType<
    'open' | 'seen' | 'resolved',
    'open' | 'seen' | 'resolved' | undefined,
    'seen' | 'resolved'
  >;
  handled_at: Date | null;
  /** The practitioner's short note, AES-256-GCM: it is about the client. */
  note_encrypted: string | null;
}

export interface AuditEntriesTable {
  id: Generated<string>;
  /** Whose client data it is: the account the entry belongs to (and is exported and purged with). */
  practitioner_id: string;
  actor_kind: 'practitioner' | 'link' | 'operator';
  actor_id: string;
  action: string;
  client_id: string | null;
  record_type: string;
  record_id: string | null;
  address: string | null;
  created_at: Generated<Date>;
}

export interface DestructionLogTable {
  id: Generated<string>;
  category: string;
  count: number;
  rule: string;
  created_at: Generated<Date>;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  until: Timestamp;
}

export interface RespondentLinksTable {
  id: string;
  practitioner_id: string;
  intake_id: string;
  /** The one response this link fills (ADR 095). */
  response_id: string;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  respondent: 'guardian' | 'teacher' | 'self';
  language: 'en' | 'tr';
  /** A short label such as the child's first name, AES-256-GCM. */
  label_encrypted: string | null;
  /** Where the link was mailed, AES-256-GCM (for reminders). */
  email_encrypted: string | null;
  /** HMAC of the optional 6-digit code. */
  code_hash: string | null;
  code_failures: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  opened_at: Date | null;
  revoked_at: Date | null;
  locked_at: Date | null;
  sent_at: Date | null;
  seen_at: Date | null;
  created_at: Generated<Date>;
}

/** The hash of a respondent link's token a reminder replaced: the old address says it was replaced. */
export interface RespondentLinkReplacedTokensTable {
  token_hash: string;
  link_id: string;
  replaced_at: Date;
}

export interface MeasurementSchedulesTable {
  id: string;
  practitioner_id: string;
  intake_id: string;
  questionnaire_id: string;
  respondent: 'guardian' | 'teacher' | 'self';
  language: 'en' | 'tr';
  /** Where each link goes, AES-256-GCM. */
  email_encrypted: string;
  /** The 6-digit code every link of the schedule asks, AES-256-GCM (each link keeps its own keyed hash). */
  code_encrypted: string | null;
  every_weeks: number | null;
  /** The planned days as a JSON array, when given as dates. */
  dates: string | null;
  start_on: string;
  until_on: string | null;
  times: number | null;
  remind_after_days: number | null;
  state: ColumnType<'active' | 'paused' | 'stopped' | 'finished', string | undefined, string>;
  created_at: Generated<Date>;
  changed_at: Generated<Date>;
}

/** One planned sending of a schedule (ADR 128); `link_id` is chosen when the sender claims it. */
export interface ScheduleOccurrencesTable {
  id: string;
  schedule_id: string;
  due_on: string;
  state: ColumnType<'due' | 'sent' | 'answered' | 'overdue' | 'cancelled', string | undefined, string>;
  claimed_at: Date | null;
  link_id: string | null;
  response_id: string | null;
  sent_at: Date | null;
  reminded_at: Date | null;
  answered_at: Date | null;
  cancelled_at: Date | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  files: FilesTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  account_events: AccountEventsTable;
  client_intakes: ClientIntakesTable;
  client_intake_events: ClientIntakeEventsTable;
  questionnaire_responses: QuestionnaireResponsesTable;
  response_alerts: ResponseAlertsTable;
  audit_entries: AuditEntriesTable;
  destruction_log: DestructionLogTable;
  job_leases: JobLeasesTable;
  respondent_links: RespondentLinksTable;
  respondent_link_replaced_tokens: RespondentLinkReplacedTokensTable;
  measurement_schedules: MeasurementSchedulesTable;
  schedule_occurrences: ScheduleOccurrencesTable;
}
