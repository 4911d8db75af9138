import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../shared';
import { SESSION_COOKIE } from '../auth/sessions';
import { AppError } from '../errors';
import { isCrossSiteWrite, mediaTypeOf, trustedOriginsOf } from '../security/write-origin';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Declared by the upload routes (`config: { multipart: true }`): they take multipart/form-data, nothing else. */
declare module 'fastify' {
  interface FastifyContextConfig {
    multipart?: boolean;
  }
}

/** Names the address to open: a developer on http://127.0.0.1 or a LAN address learns where the site is. */
const crossSite = (publicUrl: string) =>
  new AppError(403, ERROR_CODES.CROSS_SITE_REQUEST, 'request.crossSite', { params: { publicUrl } });
const jsonRequired = () => new AppError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, 'request.jsonRequired');
const multipartRequired = () =>
  new AppError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, 'request.multipartRequired');

/** A bearer token with no session cookie: a page of another site can neither read nor attach it (no CORS). */
function isBearerOnly(request: FastifyRequest): boolean {
  const authorization = request.headers.authorization;
  return (
    typeof authorization === 'string' &&
    /^Bearer\s/i.test(authorization) &&
    request.cookies?.[SESSION_COOKIE] === undefined
  );
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Writes under /api (ADR 102), before any handler, limit or body parsing: a page of another origin gets 403
 * CROSS_SITE_REQUEST; a body that is not JSON (multipart on the upload routes) gets 415, a bodiless POST too. A
 * DELETE needs no body; if it sends one, it is JSON. Fastify's text/plain parser is removed: no route reads text.
 */
export function registerWriteGuard(app: FastifyInstance) {
  const { publicUrl, trustedOrigins, production } = app.config;
  const trusted = trustedOriginsOf(publicUrl, trustedOrigins, !production);
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request) => {
    if (!WRITE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (!isBearerOnly(request) && isCrossSiteWrite(request.headers, trusted)) throw crossSite(publicUrl);
    // an unknown path has no handler to protect: its 404 says more than a 415
    if (request.routeOptions.url === undefined) return;
    const type = mediaTypeOf(request.headers['content-type']);
    if (request.routeOptions.config.multipart) {
      if (type !== 'multipart/form-data') throw multipartRequired();
      return;
    }
    if (request.method === 'DELETE' && type === undefined && !hasBody(request)) return;
    if (type !== 'application/json') throw jsonRequired();
  });
}
