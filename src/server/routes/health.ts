import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ERROR_CODES, liveAnswerSchema, notReadyAnswerSchema, readyAnswerSchema } from '../../shared';
import { DatabaseUnavailableError } from '../db/unavailable';
import { RETRY_AFTER_UNAVAILABLE } from '../errors';

/** The readiness check's own bound: a load balancer asks often and must not wait for the query timeout. */
const READY_TIMEOUT_MS = 1000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError('the readiness check timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/health/live: the process answers (never touches the database).
 * GET /api/health/ready: the database answers within a second; also the mail transport and its queue (mail
 * waiting or failed is reported, not made a 503: the product still serves while SMTP is away, ADR 054).
 * For load balancers and process managers: not rate limited, and logged only when something is wrong.
 */
/** Mail waiting for SMTP, mail given up on, and how long the oldest waiting one has waited (one query). */
async function mailQueue(app: FastifyInstance) {
  const { rows } = await sql<{ pending: number; failed: number; oldest: number | null }>`
    select count(*) filter (where status = 'pending')::int as pending,
           count(*) filter (where status = 'failed')::int as failed,
           floor(extract(epoch from now() - min(created_at) filter (where status = 'pending')))::int as oldest
    from mail_outbox`.execute(app.db);
  const row = rows[0];
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0, oldestPendingSeconds: row?.oldest ?? null };
}

export async function healthRoutes(app: FastifyInstance) {
  const quiet = { logLevel: 'warn' as const };

  app.get('/live', { ...quiet, schema: { response: { 200: liveAnswerSchema } } }, async () => ({
    status: 'ok',
  }));

  const ready = { ...quiet, schema: { response: { 200: readyAnswerSchema, 503: notReadyAnswerSchema } } };
  app.get('/ready', ready, async (request, reply) => {
    const mail = { transport: app.mailer.transport.name };
    try {
      const queue = await within(mailQueue(app), READY_TIMEOUT_MS);
      return { status: 'ok', database: 'ok', mail: { ...mail, ...queue } };
    } catch (error) {
      request.log.warn(
        { err: { message: (error as Error).message } },
        'readiness: the database does not answer',
      );
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_UNAVAILABLE))
        .send({
          code: ERROR_CODES.SERVICE_UNAVAILABLE,
          message: app.t(request.lang, 'unavailable'),
          status: 'unavailable',
          database: 'unavailable',
          mail,
        });
    }
  });
}
