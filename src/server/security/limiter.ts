import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { rateLimited } from '../errors';

/** Limits per action. Counters live in the database so several instances share them. */
export const DEFAULT_LIMITS = {
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  loginPerEmail: { max: 10, windowSeconds: 15 * 60 },
  signupPerIp: { max: 10, windowSeconds: 60 * 60 },
  checkEmailPerIp: { max: 60, windowSeconds: 60 },
  forgotPasswordPerIp: { max: 10, windowSeconds: 60 * 60 },
  forgotPasswordPerEmail: { max: 3, windowSeconds: 60 * 60 },
  resetPasswordPerIp: { max: 20, windowSeconds: 60 * 60 },
  /** The resend cooldown: one verification e-mail per address per minute. */
  verificationMailPerEmail: { max: 1, windowSeconds: 60 },
  verificationMailPerIp: { max: 20, windowSeconds: 60 * 60 },
  verifyPerIp: { max: 30, windowSeconds: 15 * 60 },
  uploadsPerIp: { max: 60, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

export interface Limit {
  max: number;
  windowSeconds: number;
}

export type Limits = Record<keyof typeof DEFAULT_LIMITS, Limit>;

export interface Hit {
  count: number;
  /** Seconds until the window ends. */
  resetIn: number;
}

export function createLimiter(db: Kysely<Database>) {
  return {
    /** Counts one event under key in a fixed window that starts with the first event. */
    async hit(key: string, windowSeconds: number): Promise<Hit> {
      const { rows } = await sql<{ count: number; reset_in: number }>`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + ${windowSeconds} * interval '1 second')
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, extract(epoch from (reset_at - now()))::float8 as reset_in`.execute(db);
      const row = rows[0]!;
      return { count: row.count, resetIn: Math.max(0, row.reset_in) };
    },

    /** Counts one event and throws 429 RATE_LIMITED (with retryAfter) past the limit. */
    async enforce(key: string, limit: Limit, messageKey?: string, extra?: (retryAfter: number) => object) {
      const { count, resetIn } = await this.hit(key, limit.windowSeconds);
      if (count > limit.max) {
        const retryAfter = Math.max(1, Math.ceil(resetIn));
        throw rateLimited(retryAfter, messageKey, extra?.(retryAfter));
      }
    },

    async reset(key: string) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },

    async purgeExpired() {
      await db.deleteFrom('rate_limits').where('reset_at', '<=', new Date()).execute();
    },
  };
}

export type Limiter = ReturnType<typeof createLimiter>;

/** A preHandler counting requests per client address under one named limit. */
export function limitPerIp(name: keyof Limits, messageKey?: string) {
  return async (request: FastifyRequest) => {
    const { limiter, limits } = request.server;
    await limiter.enforce(`ip:${name}:${request.ip}`, limits[name], messageKey);
  };
}
