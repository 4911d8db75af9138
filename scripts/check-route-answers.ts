/**
 * `npm run lint:routes`: every route under /api declares its answer (a response schema), so Fastify sends only the
 * declared fields and the OpenAPI document is whole (ADR 117). Builds the server without listening and names each
 * route that does not.
 */
import type { RouteWithoutAnswer } from '../src/server/plugins/openapi';

/** The lint's report: one line per route, then what to do. */
export function reportOf(routes: RouteWithoutAnswer[]): string {
  if (routes.length === 0) return 'routes: every route declares its answer';
  return [
    ...routes.map((r) => `${r.method} ${r.url}: no response schema`),
    '',
    `routes: ${routes.length} route(s) declare no answer. Add \`response: { <status>: <schema from src/shared> }\` ` +
      "to the route's schema (docs/decisions/117-api-contract-as-json-schema.md).",
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { withApiApp } = await import('./api-app');
  const { routesWithoutAnswer } = await import('../src/server/plugins/openapi');
  const routes = await withApiApp((app) => routesWithoutAnswer(app));
  console.log(reportOf(routes));
  process.exitCode = routes.length === 0 ? 0 : 1;
}
