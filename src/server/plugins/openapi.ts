import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/** The document's head; the paths come from the routes' own schemas (ADR 117). */
export const OPENAPI_INFO = {
  title: 'Psychologist platform API',
  description:
    'The JSON API of the account area, client intake, questionnaires and respondent links. Errors answer ' +
    '`{ code, message, fields? }` with the message in the request language; the codes are `ERROR_CODES`.',
  version: '1',
};

/** The area of a path, as the document groups it: `/api/client-intake/:id` -> `client-intake`. */
export const areaOf = (url: string): string => url.split('/')[2] ?? 'api';

/**
 * Collects every route's schema into an OpenAPI 3.1 document (`app.swagger()`); it must be registered before the
 * routes. `npm run openapi` writes it to docs/openapi.json, and outside production /api/docs shows it.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: { openapi: '3.1.0', info: OPENAPI_INFO },
    transform: ({ schema, url }) => ({ schema: { ...schema, tags: [areaOf(url)] }, url }),
  });
}

/**
 * GET /api/docs: the document with a viewer, served from the package's own files (no network needed); in
 * development only, like the mail outbox (ADR 104): in production the path is a 404.
 */
export async function registerApiDocs(app: FastifyInstance) {
  const { default: fastifySwaggerUi } = await import('@fastify/swagger-ui');
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
