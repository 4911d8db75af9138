import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminRunAnswerSchema, adminRunBodySchema, ERROR_CODES } from '../../shared';
import { AdminCommandError, runAdminCommand } from '../admin/commands';
import { AppError, notFound } from '../errors';

function fromThisMachine(request: FastifyRequest): boolean {
  const remote = request.socket.remoteAddress ?? '';
  const local = request.socket.localAddress;
  return remote === '127.0.0.1' || remote === '::1' || remote === '::ffff:127.0.0.1' || remote === local;
}

function secretMatches(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /api/admin/run { args }: the operator commands for `npm run admin` while this server holds the PGlite
 * folder. Only from this machine and with the secret of DATA_DIR/admin.json; anything else is a 404.
 */
export async function adminRoutes(app: FastifyInstance, options: { secret: string }) {
  app.post<{ Body: { args: string[] } }>(
    '/run',
    {
      // the operator's channel of `npm run admin` (ADR 013), not the product's API: left out of its document
      schema: { hide: true, body: adminRunBodySchema, response: { 200: adminRunAnswerSchema } },
      onRequest: async (request) => {
        if (!fromThisMachine(request) || !secretMatches(request.headers['x-admin-secret'], options.secret)) {
          throw notFound();
        }
      },
    },
    async (request) => {
      try {
        const result = await runAdminCommand(
          {
            db: app.db,
            keys: app.keys,
            retention: app.config.retention,
            catalog: app.questionnaires,
            mail: {
              send: (message, accountId) => app.mailer.send(message, accountId),
              t: app.mailT,
              config: app.config,
            },
          },
          request.body.args,
        );
        request.log.info({ command: request.body.args[0] }, 'admin command');
        return {
          output: result.output,
          diploma: result.diploma && {
            name: result.diploma.name,
            type: result.diploma.type,
            base64: result.diploma.data.toString('base64'),
          },
        };
      } catch (error) {
        if (error instanceof AdminCommandError) {
          throw new AppError(400, ERROR_CODES.ADMIN_COMMAND_FAILED, 'admin.failed', {
            extra: { output: error.message },
          });
        }
        throw error;
      }
    },
  );
}
