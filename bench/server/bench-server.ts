/**
 * The product server as `npm run serve` starts it (buildApp + listen, configuration from the environment),
 * with the rate limits lifted so a load test measures the work rather than 429s. The limiter still counts
 * every request in the database, as in production; only its maximum is raised. There is no environment
 * option for this (see bench/README-performance.md), so the bench uses buildApp's `limits` option and raises
 * the intake save limit (a constant outside `limits`) on the decorated limiter.
 */
import { inspect } from 'node:util';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { DEFAULT_LIMITS, type Limit, type Limits } from '../../src/server/security/limiter';

const UNLIMITED = 1_000_000_000;

async function main() {
  const config = loadConfig();
  const limits = Object.fromEntries(
    Object.entries(DEFAULT_LIMITS).map(([name, limit]) => [name, { ...limit, max: UNLIMITED }]),
  ) as Limits;
  const app = await buildApp({ config, limits, clientDir: process.env.BENCH_CLIENT_DIR || undefined });
  const limiter = app.limiter;
  const enforce = limiter.enforce.bind(limiter);
  limiter.enforce = (key: string, limit: Limit, ...rest: [string?, ((retryAfter: number) => object)?]) =>
    enforce(key, { ...limit, max: UNLIMITED }, ...rest);

  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(`bench server listening on ${config.host}:${config.port} (${app.dbKind})\n`);
}

main().catch((error) => {
  process.stderr.write(`bench server failed: ${error instanceof Error ? error.stack : inspect(error)}\n`);
  process.exit(1);
});
