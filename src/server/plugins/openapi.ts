import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';

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

/** A route of the API that declares no answer: `npm run lint` names it (ADR 117). */
export interface RouteWithoutAnswer {
  method: string;
  url: string;
}

const withoutAnswer = new WeakMap<FastifyInstance, RouteWithoutAnswer[]>();

/** The API's routes registered after `registerOpenApi` without a response schema. */
export const routesWithoutAnswer = (app: FastifyInstance): RouteWithoutAnswer[] =>
  withoutAnswer.get(app) ?? [];

/** Every route under /api answers what its schema declares; the viewer's own files are not the API. */
function declaresAnswer(route: RouteOptions): boolean {
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return true;
  return route.schema?.response !== undefined;
}

/**
 * Collects every route's schema into an OpenAPI 3.1 document (`app.swagger()`) and notes the routes that declare
 * no answer; it must be registered before the routes. `npm run openapi` writes the document to docs/openapi.json.
 */
export async function registerOpenApi(app: FastifyInstance) {
  const missing: RouteWithoutAnswer[] = [];
  withoutAnswer.set(app, missing);
  app.addHook('onRoute', (route) => {
    if (declaresAnswer(route)) return;
    for (const method of [route.method].flat()) missing.push({ method, url: route.url });
  });
  await app.register(fastifySwagger, {
    openapi: { openapi: '3.1.0', info: OPENAPI_INFO },
    transform: ({ schema, url }) => ({ schema: { ...schema, tags: [areaOf(url)] }, url }),
  });
}

/**
 * GET /api/docs: the document with a viewer, served from the package's own files (no network needed); in
 * development only (NODE_ENV=development, as `npm run dev` runs): in production, and in tests, the path is a 404.
 */
export async function registerApiDocs(app: FastifyInstance) {
  const { default: fastifySwaggerUi } = await import('@fastify/swagger-ui');
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
