import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256Hex } from '../../crypto/tokens';
import { perIp } from '../../security/limiter';
import { respondLanguageRoute } from './language';
import { respondReadRoute } from './read';
import { respondSaveRoute } from './save';
import { respondSubmitRoute } from './submit';

/**
 * The respondent's side, /api/respond/:token: no account, the token is the key to one response (ADR 095).
 * Every request counts per address and per link (by the token's hash: the token never reaches a counter key).
 */
export async function respondRoutes(app: FastifyInstance) {
  const { links } = app.services;
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const { token } = (request.params ?? {}) as { token?: string };
    const { limiter, limits } = request.server;
    await limiter.enforceAll([
      perIp(request, 'respondPerIp'),
      { key: `link:respondPerLink:${sha256Hex(String(token ?? ''))}`, limit: limits.respondPerLink },
    ]);
  });
  respondReadRoute(app, links);
  respondSaveRoute(app, links);
  respondSubmitRoute(app, links);
  respondLanguageRoute(app, links);
}
