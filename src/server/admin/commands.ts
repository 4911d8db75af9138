import type { Kysely } from 'kysely';
import { loadQuestionnaireCatalog } from '../../forms/node';
import type { QuestionnaireCatalog } from '../../forms/questionnaires';
import { ACCOUNT_STATUSES, type AccountStatus, normalizeEmail } from '../../shared';
import { recordEvent } from '../auth/accounts';
import { DEFAULT_RETENTION, type RetentionSettings } from '../config';
import { type DataKeys, decryptJson } from '../crypto/encryption';
import type { Database } from '../db/schema';
import { asLang } from '../i18n';
import type { UserRow } from '../users/user-view';
import { AdminCommandError, type AdminResult } from './admin-result';
import { writeBackup } from './backup';
import { listStuckMail, retryMail } from './mail-command';
import { listAudit, listDeletions, purgeNow } from './privacy-commands';
import { rescore } from './rescore-command';
import { type ReviewMailer, type ReviewOutcome, reviewMessage } from './review-mail';

export { AdminCommandError, type AdminResult } from './admin-result';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [arguments]

  list                          accounts awaiting review (profile_completed, under_review)
  show <email>                  one account, its history, and its diploma saved to a file
  review <email>                profile_completed -> under_review
  approve <email>               profile_completed or under_review -> approved; mails the account
  reject <email>                profile_completed or under_review -> rejected; mails the account
  suspend <email>               any status -> suspended (ends every session)
  reinstate <email>             suspended -> the status it had before; mails the account
  verify-email <email>          marks the e-mail verified (support cases, tests)
  set-status <email> <status>   any status (tests); statuses: ${ACCOUNT_STATUSES.join(', ')}
  mail                          mail not sent yet (queued, retrying) or given up on, with attempts and last error
  mail retry <number>           tries a failed mail again
  backup <file>                 a consistent copy of the whole database (also while the server runs)
  restore <file>                into an empty data folder or database, with no server running on it
  audit --account <email>       audit entries of an account's client data (who, what, when, from where)
  audit --client <id>           audit entries of one client record
  deletions                     account deletions waiting for their purge
  purge                         runs the KVKK purge now (deletions past the grace period, retention)
  rescore <response-id> [<S>]   scores a submitted response again with scoring version S of its form version
                                (default: the newest) as a new response; the old score is kept (ADR 109)`;

interface Context {
  db: Kysely<Database>;
  keys: DataKeys;
  /** The configured periods for `purge`; the defaults when not given. */
  retention?: RetentionSettings;
  /** Mails the outcome of approve and reject; those two refuse to run without it (ADR 105). */
  mail?: ReviewMailer;
  /** The questionnaires `rescore` scores with: the running server's, or read from schemas/ when not given. */
  catalog?: QuestionnaireCatalog;
}

async function userByEmail(db: Kysely<Database>, email: string | undefined): Promise<UserRow> {
  if (!email) throw new AdminCommandError('An e-mail address is required.');
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  if (!user) throw new AdminCommandError(`No account with the e-mail ${email}.`);
  return user;
}

/** Moves an account between statuses in one transaction, recording who did it; suspension ends sessions. */
async function transition(
  ctx: Context,
  email: string | undefined,
  allowedFrom: readonly AccountStatus[] | 'any',
  to: AccountStatus | ((user: UserRow) => AccountStatus),
  action: string,
): Promise<AdminResult> {
  const user = await userByEmail(ctx.db, email);
  if (allowedFrom !== 'any' && !allowedFrom.includes(user.status)) {
    throw new AdminCommandError(
      `${user.email} is ${user.status}; ${action} needs one of: ${allowedFrom.join(', ')}.`,
    );
  }
  const next = typeof to === 'function' ? to(user) : to;
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set({
        status: next,
        status_before_suspension: next === 'suspended' ? user.status : null,
        updated_at: new Date(),
      })
      .where('id', '=', user.id)
      .execute();
    if (next === 'suspended') await tx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await recordEvent(tx, user.id, action, user.status, next, 'operator');
  });
  return { output: `${user.email}: ${user.status} -> ${next}` };
}

const REVIEWABLE: AccountStatus[] = ['profile_completed', 'under_review'];

/**
 * approve and reject: the transition, then the mail in the account's language, queued once the new status is
 * stored. A mail that cannot be queued is told to the operator; the status stays.
 */
async function review(
  ctx: Context,
  email: string | undefined,
  outcome: 'approved' | 'rejected',
): Promise<AdminResult> {
  const mail = ctx.mail;
  if (!mail) throw new AdminCommandError(`${outcome === 'approved' ? 'approve' : 'reject'} needs a mailer.`);
  const result = await transition(
    ctx,
    email,
    REVIEWABLE,
    outcome,
    outcome === 'approved' ? 'approve' : 'reject',
  );
  return tellByMail(ctx, mail, email, result, outcome);
}

/** The mail of an operator's decision, queued once the new status is stored; a failure is told, the status stays. */
async function tellByMail(
  ctx: Context,
  mail: ReviewMailer,
  email: string | undefined,
  result: AdminResult,
  outcome: ReviewOutcome,
): Promise<AdminResult> {
  const user = await userByEmail(ctx.db, email);
  try {
    await mail.send(reviewMessage(mail, user, outcome), user.id);
  } catch (error) {
    return {
      output: `${result.output}\nThe mail to ${user.email} could not be queued (${(error as Error).message}); tell the practitioner yourself.`,
    };
  }
  return {
    output: `${result.output} (mail queued, ${asLang(user.language) === 'tr' ? 'Turkish' : 'English'})`,
  };
}

/** reinstate: the status the account had before its suspension, and a mail saying it is open again. */
async function reinstate(ctx: Context, email: string | undefined): Promise<AdminResult> {
  const mail = ctx.mail;
  if (!mail) throw new AdminCommandError('reinstate needs a mailer.');
  const result = await transition(
    ctx,
    email,
    ['suspended'],
    (user) => user.status_before_suspension ?? 'approved',
    'reinstate',
  );
  return tellByMail(ctx, mail, email, result, 'reinstated');
}

function maskNationalId(ctx: Context, user: UserRow): string {
  if (!user.national_id_encrypted) return '-';
  try {
    const id = decryptJson<string>(ctx.keys.encryption, user.national_id_encrypted, `national-id:${user.id}`);
    return `${id.slice(0, 3)}******${id.slice(-2)}`;
  } catch {
    return '(cannot decrypt: wrong DATA_KEY?)';
  }
}

const date = (value: Date | null) => (value ? value.toISOString() : '-');

async function list(ctx: Context): Promise<AdminResult> {
  const rows = await ctx.db
    .selectFrom('users')
    .select(['email', 'first_name', 'last_name', 'status', 'credentials_submitted_at'])
    .where('status', 'in', ['profile_completed', 'under_review'])
    .orderBy('credentials_submitted_at', 'asc')
    .execute();
  if (rows.length === 0) return { output: 'No accounts are awaiting review.' };
  const lines = rows.map(
    (r) =>
      `${date(r.credentials_submitted_at)}  ${r.status.padEnd(17)}  ${r.email}  (${r.first_name} ${r.last_name})`,
  );
  return { output: [`${rows.length} account(s) awaiting review, oldest first:`, ...lines].join('\n') };
}

async function show(ctx: Context, email: string | undefined): Promise<AdminResult> {
  const user = await userByEmail(ctx.db, email);
  const events = await ctx.db
    .selectFrom('account_events')
    .select(['created_at', 'action', 'from_status', 'to_status', 'actor'])
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();
  const diploma = user.diploma_file_id
    ? await ctx.db
        .selectFrom('files')
        .select(['name', 'type', 'size', 'data'])
        .where('id', '=', user.diploma_file_id)
        .executeTakeFirst()
    : undefined;
  const output = [
    `${user.first_name} ${user.last_name} <${user.email}>`,
    `  status:               ${user.status}`,
    `  e-mail verified:      ${date(user.email_verified_at)}`,
    `  language:             ${user.language}`,
    `  signed up:            ${date(user.created_at)}`,
    `  professional title:   ${user.professional_title ?? '-'}`,
    `  university:           ${user.university ?? '-'}`,
    `  department:           ${user.department ?? '-'}`,
    `  graduation year:      ${user.graduation_year ?? '-'}`,
    `  chamber registration: ${user.chamber_registration_number ?? '-'}`,
    `  national ID:          ${maskNationalId(ctx, user)}`,
    `  KVKK consent:         ${date(user.kvkk_consent_at)} (text ${user.kvkk_consent_version ?? '-'})`,
    `  credentials sent:     ${date(user.credentials_submitted_at)}`,
    `  diploma:              ${diploma ? `${diploma.name} (${diploma.type}, ${diploma.size} bytes)` : '-'}`,
    '  history:',
    ...(events.length === 0
      ? ['    -']
      : events.map(
          (e) =>
            `    ${date(e.created_at)}  ${e.action}  ${e.from_status ?? '-'} -> ${e.to_status ?? '-'}  (${e.actor})`,
        )),
  ].join('\n');
  return {
    output,
    diploma: diploma
      ? { name: diploma.name, type: diploma.type, data: Buffer.from(diploma.data) }
      : undefined,
  };
}

async function verifyEmail(ctx: Context, email: string | undefined): Promise<AdminResult> {
  const user = await userByEmail(ctx.db, email);
  if (user.email_verified_at) return { output: `${user.email}: already verified` };
  const next: AccountStatus = user.status === 'pending_verification' ? 'email_verified' : user.status;
  await ctx.db
    .updateTable('users')
    .set({ email_verified_at: new Date(), status: next, updated_at: new Date() })
    .where('id', '=', user.id)
    .execute();
  await recordEvent(ctx.db, user.id, 'email_verified', user.status, next, 'operator');
  return { output: `${user.email}: e-mail verified (${user.status} -> ${next})` };
}

/** Runs one operator command; the command line and the local admin endpoint both come here. */
export async function runAdminCommand(ctx: Context, args: string[]): Promise<AdminResult> {
  const [command, email, extra] = args;
  switch (command) {
    case 'list':
      return list(ctx);
    case 'show':
      return show(ctx, email);
    case 'review':
      return transition(ctx, email, ['profile_completed'], 'under_review', 'review');
    case 'approve':
      return review(ctx, email, 'approved');
    case 'reject':
      return review(ctx, email, 'rejected');
    case 'suspend':
      return transition(
        ctx,
        email,
        ACCOUNT_STATUSES.filter((s) => s !== 'suspended'),
        'suspended',
        'suspend',
      );
    case 'reinstate':
      return reinstate(ctx, email);
    case 'verify-email':
      return verifyEmail(ctx, email);
    case 'set-status': {
      if (!extra || !(ACCOUNT_STATUSES as readonly string[]).includes(extra)) {
        throw new AdminCommandError(`set-status needs a status: ${ACCOUNT_STATUSES.join(', ')}.`);
      }
      return transition(ctx, email, 'any', extra as AccountStatus, 'set-status');
    }
    case 'backup':
      return writeBackup(ctx.db, email ?? '');
    case 'restore':
      // the command line restores itself, with no server on the folder
      throw new AdminCommandError('restore cannot run inside a running server.');
    case 'audit':
      return listAudit(ctx.db, email, extra);
    case 'deletions':
      return listDeletions(ctx.db);
    case 'purge':
      return purgeNow(ctx.db, ctx.retention ?? DEFAULT_RETENTION);
    case 'rescore':
      return rescore({ ...ctx, catalog: ctx.catalog ?? loadQuestionnaireCatalog() }, email, extra);
    case 'mail':
      if (email === 'retry') return retryMail(ctx.db, extra);
      if (email !== undefined)
        throw new AdminCommandError(`Unknown mail command "${email}".\n\n${ADMIN_USAGE}`);
      return listStuckMail(ctx.db);
    default:
      throw new AdminCommandError(command ? `Unknown command "${command}".\n\n${ADMIN_USAGE}` : ADMIN_USAGE);
  }
}
