import type { FastifyRequest } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import { keyedHash } from '../crypto/encryption';
import type { Database } from '../db/schema';
import { rateLimited } from '../errors';

/** Limits per action. Counters live in the database so several instances share them. */
export const DEFAULT_LIMITS = {
  /** Failed sign-ins of one account from one address: the owner mistyping; cleared by a sign-in (ADR 052). */
  loginFailuresPerAccountAndAddress: { max: 10, windowSeconds: 15 * 60 },
  /** Failed sign-ins from one address, any account: stops a credential-stuffing run from that address. */
  loginFailuresPerAddress: { max: 30, windowSeconds: 15 * 60 },
  /** Failed sign-ins of one account from all addresses; never applies to an address it signed in from. */
  loginFailuresPerAccount: { max: 50, windowSeconds: 60 * 60 },
  /** Guessing the current password while changing it (a session is needed; honest use is once). */
  changePasswordPerAccount: { max: 10, windowSeconds: 15 * 60 },
  signupPerIp: { max: 10, windowSeconds: 60 * 60 },
  checkEmailPerIp: { max: 60, windowSeconds: 60 },
  forgotPasswordPerIp: { max: 10, windowSeconds: 60 * 60 },
  forgotPasswordPerEmail: { max: 3, windowSeconds: 60 * 60 },
  resetPasswordPerIp: { max: 20, windowSeconds: 60 * 60 },
  /** The resend cooldown: one verification e-mail per address per minute. */
  verificationMailPerEmail: { max: 1, windowSeconds: 60 },
  verificationMailPerIp: { max: 20, windowSeconds: 60 * 60 },
  verifyPerIp: { max: 30, windowSeconds: 15 * 60 },
  /** Per account, not per address: several practitioners of a clinic upload from one address. */
  uploadsPerAccount: { max: 60, windowSeconds: 60 * 60 },
  /** Intake saves (create, save, submit): auto-save every 2 s in four tabs plus manual saves fit (ADR 031). */
  intakeSavesPerPractitioner: { max: 150, windowSeconds: 60 },
  /** Questionnaire responses given, saved or submitted: a session's clicks fit many times over; a runaway client does not. */
  questionnaireWritesPerPractitioner: { max: 150, windowSeconds: 60 },
  /**
   * Downloads of client data (a client's record, scores, answers, FHIR bundle; the reports' CSV), counted together:
   * a practitioner exporting every client of a large caseload in an hour fits; a stolen session copying all at
   * machine speed does not.
   */
  clientExportsPerPractitioner: { max: 300, windowSeconds: 60 * 60 },
  /** 'Download my data' builds the whole archive: a few downloads an hour are plenty for an honest user. */
  dataExportsPerAccount: { max: 10, windowSeconds: 60 * 60 },
  /** Respondent page requests from one address: a school or clinic network fills several links at once. */
  respondPerIp: { max: 600, windowSeconds: 15 * 60 },
  /** Requests on one link: saves as the respondent goes (one every couple of seconds at most) fit easily. */
  respondPerLink: { max: 300, windowSeconds: 15 * 60 },
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

/** One counter to move: its key and the limit it answers to. */
export interface Check {
  key: string;
  limit: Limit;
}

/**
 * Counts one event per row in a fixed window that starts with the first event; `$first` and `$first + 1` are
 * the first row's key and window seconds, the next row's follow. Also used inside the intake save (ADR 015).
 */
export function countingSql(rows: number, first = 1): string {
  const values = Array.from({ length: rows }, (_, i) => {
    const key = first + 2 * i;
    return `($${key}::text, 1, now() + $${key + 1}::int * interval '1 second')`;
  }).join(', ');
  return `insert into rate_limits (key, count, reset_at) values ${values}
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning key, count, extract(epoch from (reset_at - now()))::float8 as reset_in`;
}

/** 429 RATE_LIMITED (with retryAfter) when a counted hit went past its limit. */
export function assertWithin(
  hit: Hit,
  limit: Limit,
  messageKey?: string,
  extra?: (retryAfter: number) => object,
): void {
  if (hit.count > limit.max) {
    const retryAfter = Math.max(1, Math.ceil(hit.resetIn));
    throw rateLimited(retryAfter, messageKey, extra?.(retryAfter));
  }
}

interface CountRow {
  key: string;
  count: number;
  reset_in: number;
}

export interface LimiterOptions {
  /** False with RATE_LIMITS=off. */
  enabled: boolean;
  /** The HMAC key of the e-mail addresses counters are kept under (DataKeys.rateLimitSubject). */
  subjectKey: Buffer;
}

export function createLimiter(db: Kysely<Database>, options: LimiterOptions) {
  const statements = new Map<number, string>();
  const sqlFor = (rows: number) => {
    let text = statements.get(rows);
    if (!text) {
      text = countingSql(rows);
      statements.set(rows, text);
    }
    return text;
  };

  const subject = (email: string) => keyedHash(options.subjectKey, email);

  /** Counts one event under each key in one statement; the hits come back in the order of `checks`. */
  async function hitAll(checks: Check[]): Promise<Hit[]> {
    const parameters = checks.flatMap((c) => [c.key, c.limit.windowSeconds]);
    const { rows } = await db.executeQuery<CountRow>(CompiledQuery.raw(sqlFor(checks.length), parameters));
    return checks.map((check) => {
      const row = rows.find((r) => r.key === check.key)!;
      return { count: row.count, resetIn: Math.max(0, row.reset_in) };
    });
  }

  return {
    /** False with RATE_LIMITS=off: nothing is counted and nothing is refused. */
    enabled: options.enabled,

    /**
     * What a counter of a person is kept under instead of their e-mail address: a keyed hash (HMAC-SHA-256 with
     * a key derived from DATA_KEY), so the table holds no address and a copy of it cannot be read back by
     * hashing guessed addresses (ADR 164).
     */
    subject,

    /**
     * Removes the counters of one account (an account deletion): those kept under its e-mail's hash or its id,
     * which end every such key.
     */
    async forget(tx: Kysely<Database>, account: { id: string; email: string }) {
      await tx
        .deleteFrom('rate_limits')
        .where((eb) =>
          eb.or([eb('key', 'like', `%:${subject(account.email)}`), eb('key', 'like', `%:${account.id}`)]),
        )
        .execute();
    },

    /** Counts one event under key; with the limits off it counts nothing and answers a count of 0. */
    async hit(key: string, windowSeconds: number): Promise<Hit> {
      if (!options.enabled) return { count: 0, resetIn: 0 };
      const [hit] = await hitAll([{ key, limit: { max: 0, windowSeconds } }]);
      return hit!;
    },

    /** Counts one event and throws 429 RATE_LIMITED (with retryAfter) past the limit. */
    async enforce(key: string, limit: Limit, messageKey?: string, extra?: (retryAfter: number) => object) {
      await this.enforceAll([{ key, limit }], messageKey, extra);
    },

    /** Counts one event under every key in one statement; 429 for the first limit passed, in the given order. */
    async enforceAll(checks: Check[], messageKey?: string, extra?: (retryAfter: number) => object) {
      if (!options.enabled || checks.length === 0) return;
      const hits = await hitAll(checks);
      checks.forEach((check, i) => {
        assertWithin(hits[i]!, check.limit, messageKey, extra);
      });
    },

    async reset(key: string) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },

    async purgeExpired() {
      if (!options.enabled) return;
      await db.deleteFrom('rate_limits').where('reset_at', '<=', new Date()).execute();
    },
  };
}

export type Limiter = ReturnType<typeof createLimiter>;

/** The counter of one client address under a named limit. */
export function perIp(request: FastifyRequest, name: keyof Limits): Check {
  return { key: `ip:${name}:${request.ip}`, limit: request.server.limits[name] };
}

/** A preHandler (after requireUser) counting requests per signed-in account under one named limit. */
export function limitPerAccount(name: keyof Limits, messageKey?: string) {
  return async (request: FastifyRequest) => {
    const { limiter, limits } = request.server;
    await limiter.enforceAll(
      [{ key: `account:${name}:${request.user!.id}`, limit: limits[name] }],
      messageKey,
    );
  };
}

/** A preHandler counting requests per client address under one named limit. */
export function limitPerIp(name: keyof Limits, messageKey?: string) {
  return async (request: FastifyRequest) => {
    await request.server.limiter.enforceAll([perIp(request, name)], messageKey);
  };
}
