import { CompiledQuery, type Kysely, sql } from 'kysely';
import { newToken, sha256Hex } from '../crypto/tokens';
import type { Database } from '../db/schema';
import { SESSION_USER_COLUMNS, type SessionUser } from '../users/user-view';

/** Session lifetimes (seconds). Documented in docs/server.md. */
export const SESSION_LIFETIME = {
  idle: 2 * 60 * 60,
  absolute: 12 * 60 * 60,
  rememberIdle: 30 * 24 * 60 * 60,
  rememberAbsolute: 30 * 24 * 60 * 60,
} as const;

/** last_seen_at is written at most this often, so reads do not turn every request into a write. */
const TOUCH_INTERVAL_SECONDS = 60;

export const SESSION_COOKIE = 'session';

/** The session and its account's request columns in one round trip: every authenticated request runs this. */
const SESSION_WITH_USER = `select ${SESSION_USER_COLUMNS.map((column) => `u.${column}`).join(', ')},
    s.last_seen_at as session_last_seen_at, s.idle_seconds as session_idle_seconds, s.expires_at as session_expires_at
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1`;

interface SessionWithUser extends SessionUser {
  session_last_seen_at: Date;
  session_idle_seconds: number;
  session_expires_at: Date;
}

interface SessionTimes {
  last_seen_at: Date;
  idle_seconds: number;
  expires_at: Date;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
  maxAgeSeconds: number;
}

export function createSessions(db: Kysely<Database>) {
  /** False (and the row deleted) once idle too long or past the absolute end; else refreshes the idle clock. */
  async function keepAlive(tokenHash: string, session: SessionTimes): Promise<boolean> {
    const now = Date.now();
    const idleEnd = session.last_seen_at.getTime() + session.idle_seconds * 1000;
    if (session.expires_at.getTime() <= now || idleEnd <= now) {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
      return false;
    }
    if (now - session.last_seen_at.getTime() > TOUCH_INTERVAL_SECONDS * 1000) {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(now) })
        .where('token_hash', '=', tokenHash)
        .execute();
    }
    return true;
  }

  return {
    async create(userId: string, remember: boolean): Promise<NewSession> {
      const token = newToken();
      const absolute = remember ? SESSION_LIFETIME.rememberAbsolute : SESSION_LIFETIME.absolute;
      const idle = remember ? SESSION_LIFETIME.rememberIdle : SESSION_LIFETIME.idle;
      const expiresAt = new Date(Date.now() + absolute * 1000);
      await db
        .insertInto('sessions')
        .values({
          token_hash: sha256Hex(token),
          user_id: userId,
          remember,
          idle_seconds: idle,
          expires_at: expiresAt,
        })
        .execute();
      return { token, expiresAt, maxAgeSeconds: absolute };
    },

    /** The user id of a live session (neither idle too long nor past its absolute end), refreshing its idle clock. */
    async resolve(token: string): Promise<string | undefined> {
      const tokenHash = sha256Hex(token);
      const session = await db
        .selectFrom('sessions')
        .select(['user_id', 'last_seen_at', 'idle_seconds', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!session || !(await keepAlive(tokenHash, session))) return undefined;
      return session.user_id;
    },

    /** resolve() and the account in one query: the account of a live session, or undefined. */
    async resolveUser(token: string): Promise<SessionUser | undefined> {
      const tokenHash = sha256Hex(token);
      const { rows } = await db.executeQuery<SessionWithUser>(
        CompiledQuery.raw(SESSION_WITH_USER, [tokenHash]),
      );
      const row = rows[0];
      if (!row) return undefined;
      const { session_last_seen_at, session_idle_seconds, session_expires_at, ...user } = row;
      const live = await keepAlive(tokenHash, {
        last_seen_at: session_last_seen_at,
        idle_seconds: session_idle_seconds,
        expires_at: session_expires_at,
      });
      return live ? user : undefined;
    },

    async revoke(token: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', sha256Hex(token)).execute();
    },

    /** Password reset, password change and suspension end every session of the account. */
    async revokeAll(userId: string, executor: Kysely<Database> = db): Promise<void> {
      await executor.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    /**
     * Removes the sessions that no longer open anything, past their absolute end or idle too long; called now and
     * then so the table does not grow forever.
     */
    async purgeExpired(): Promise<void> {
      const now = new Date();
      await db
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', now),
            eb(sql<Date>`last_seen_at + idle_seconds * interval '1 second'`, '<=', now),
          ]),
        )
        .execute();
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
