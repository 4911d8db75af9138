import { type Kysely, sql } from 'kysely';
import { newToken, sha256Hex } from '../crypto/tokens';
import type { Database, OneTimeTokensTable } from '../db/schema';

/** Verification and reset links are valid for 24 hours, as the spec tells users. */
export const ONE_TIME_TOKEN_TTL_SECONDS = 24 * 60 * 60;

type Purpose = OneTimeTokensTable['purpose'];

export type ConsumeResult =
  | { ok: true; userId: string }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' };

export async function issueOneTimeToken(
  db: Kysely<Database>,
  userId: string,
  purpose: Purpose,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: sha256Hex(token),
      user_id: userId,
      purpose,
      expires_at: new Date(Date.now() + ONE_TIME_TOKEN_TTL_SECONDS * 1000),
    })
    .execute();
  return token;
}

/**
 * Marks a token used in one conditional UPDATE: of two parallel uses exactly one gets the row back.
 * On failure a second read tells why, for the spec's distinct messages.
 */
export async function consumeOneTimeToken(
  db: Kysely<Database>,
  token: string,
  purpose: Purpose,
): Promise<ConsumeResult> {
  const tokenHash = sha256Hex(token);
  const consumed = await db
    .updateTable('one_time_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  if (consumed) return { ok: true, userId: consumed.user_id };
  const row = await db
    .selectFrom('one_time_tokens')
    .select(['used_at'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'invalid' };
  return { ok: false, reason: row.used_at ? 'used' : 'expired' };
}

/** Finds the user of a live token without consuming it (to do slow work before the atomic consume). */
export async function peekOneTimeToken(
  db: Kysely<Database>,
  token: string,
  purpose: Purpose,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('one_time_tokens')
    .select('user_id')
    .where('token_hash', '=', sha256Hex(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.user_id;
}
