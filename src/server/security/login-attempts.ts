import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { assertWithin, countingSql, type Limit, type Limiter, type Limits } from './limiter';

/** What the sign-in counters read and write. */
export interface LoginAttemptDeps {
  db: Kysely<Database>;
  limiter: Limiter;
  limits: Limits;
}

/** An address that signed in to an account stays trusted for it this long (ADR 052). */
export const TRUSTED_ADDRESS_SECONDS = 30 * 24 * 60 * 60;

/**
 * The counters of one sign-in attempt: account+address pair, address, account, and the pair's trust mark. The
 * account is named by `subject`, the keyed hash of its e-mail address (limiter.subject), never the address.
 */
export function loginKeys(address: string, subject: string) {
  return {
    pair: `login-fail:pair:${address}:${subject}`,
    address: `login-fail:address:${address}`,
    account: `login-fail:account:${subject}`,
    trusted: `login-trusted:${address}:${subject}`,
  };
}

interface Row {
  key: string;
  count: number;
  reset_in: number;
}

// The three counters move in one statement; the trust mark is read in the same round trip.
const BEGIN_SQL = `with hit as (${countingSql(3)})
  select key, count, reset_in from hit
  union all
  select key, 0, 0 from rate_limits where key = $7 and reset_at > now()`;

// A matched password: the pair's failures are cleared, this attempt is given back to the address and the
// account, and the address is trusted for the account from now on.
const SUCCEED_SQL = `with cleared as (delete from rate_limits where key = $1),
  refunded as (
    update rate_limits set count = greatest(count - 1, 0)
    where key in ($2, $3) and reset_at > now()
  )
  insert into rate_limits (key, count, reset_at) values ($4, 1, now() + $5::int * interval '1 second')
  on conflict (key) do update set count = 1, reset_at = excluded.reset_at`;

export interface LoginAttempt {
  /** The password matched: clears the pair's failures, refunds the attempt, trusts the address. */
  succeeded(): Promise<void>;
}

const NOTHING: LoginAttempt = { succeeded: async () => {} };

/**
 * Counts a sign-in attempt as a failure before the password is checked (so parallel guesses cannot slip past
 * a limit) and answers 429 when this address may not try this account now. A matched password gives the
 * attempt back: only failures accumulate. The per-account ceiling does not apply to an address that signed
 * in to the account before, so guesses from elsewhere cannot keep the owner out (ADR 052).
 */
export async function beginLoginAttempt(
  deps: LoginAttemptDeps,
  address: string,
  email: string,
): Promise<LoginAttempt> {
  if (!deps.limiter.enabled) return NOTHING;
  const keys = loginKeys(address, deps.limiter.subject(email));
  const limits = deps.limits;
  const checks: Array<[string, Limit]> = [
    [keys.pair, limits.loginFailuresPerAccountAndAddress],
    [keys.address, limits.loginFailuresPerAddress],
    [keys.account, limits.loginFailuresPerAccount],
  ];
  const { rows } = await deps.db.executeQuery<Row>(
    CompiledQuery.raw(BEGIN_SQL, [
      ...checks.flatMap(([key, limit]) => [key, limit.windowSeconds]),
      keys.trusted,
    ]),
  );
  const trusted = rows.some((row) => row.key === keys.trusted);
  for (const [key, limit] of checks) {
    if (key === keys.account && trusted) continue;
    const row = rows.find((r) => r.key === key)!;
    assertWithin({ count: row.count, resetIn: Math.max(0, row.reset_in) }, limit, 'rateLimit.login');
  }
  return {
    async succeeded() {
      await deps.db.executeQuery(
        CompiledQuery.raw(SUCCEED_SQL, [
          keys.pair,
          keys.address,
          keys.account,
          keys.trusted,
          TRUSTED_ADDRESS_SECONDS,
        ]),
      );
    },
  };
}

/** A malformed sign-in still counts as a failure of the address; 429 there comes before the 400. */
export async function countMalformedLogin(deps: LoginAttemptDeps, address: string): Promise<void> {
  await deps.limiter.enforceAll(
    [{ key: loginKeys(address, '').address, limit: deps.limits.loginFailuresPerAddress }],
    'rateLimit.login',
  );
}

/** Proving control of the mailbox (a password reset) trusts the address it was done from. */
export async function trustAddress(deps: LoginAttemptDeps, address: string, email: string): Promise<void> {
  if (!deps.limiter.enabled) return;
  await deps.db.executeQuery(
    CompiledQuery.raw(
      `insert into rate_limits (key, count, reset_at) values ($1, 1, now() + $2::int * interval '1 second')
       on conflict (key) do update set count = 1, reset_at = excluded.reset_at`,
      [loginKeys(address, deps.limiter.subject(email)).trusted, TRUSTED_ADDRESS_SECONDS],
    ),
  );
}
