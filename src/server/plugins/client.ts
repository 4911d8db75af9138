import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors';

/** Serves the built client from dist/client when it exists; other paths that want HTML get index.html. */
export async function registerClient(app: FastifyInstance, clientDir: string) {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // `npm run build` writes .br and .gz copies beside each asset; sent when the browser accepts them
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite puts content-hashed names under assets/: safe to cache for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      hasClient &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api' &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) {
      // a respondent link opens its own small page (ADR 096); helmet's no-referrer keeps its token from other sites
      const page = request.url.startsWith('/r/') ? 'respond.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    throw notFound();
  });
}
