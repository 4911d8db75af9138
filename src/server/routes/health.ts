import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
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
 * GET /api/health/ready: the database answers within a second; also names the mail transport.
 * For load balancers and process managers: not rate limited, and logged only when something is wrong.
 */
export async function healthRoutes(app: FastifyInstance) {
  const quiet = { logLevel: 'warn' as const };

  app.get('/live', quiet, async () => ({ status: 'ok' }));

  app.get('/ready', quiet, async (request, reply) => {
    const mail = { transport: app.mailer.transport.name };
    try {
      await within(sql`select 1`.execute(app.db), READY_TIMEOUT_MS);
      return { status: 'ok', database: 'ok', mail };
    } catch (error) {
      request.log.warn(
        { err: { message: (error as Error).message } },
        'readiness: the database does not answer',
      );
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_UNAVAILABLE))
        .send({
          code: 'SERVICE_UNAVAILABLE',
          message: app.t(request.lang, 'unavailable'),
          status: 'unavailable',
          database: 'unavailable',
          mail,
        });
    }
  });
}
