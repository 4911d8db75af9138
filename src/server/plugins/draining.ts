import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from '../errors';

/**
 * While the server closes (SIGTERM), requests already running finish; a new one arriving on an open
 * connection gets our 503 SERVICE_UNAVAILABLE (JSON, in its language, with Retry-After) instead of Fastify's.
 * Fastify adds `Connection: close` to it, so the client reconnects to another instance.
 */
export function registerDraining(app: FastifyInstance) {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', async () => {
    if (draining) throw serviceUnavailable();
  });
}
