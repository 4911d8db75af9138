/**
 * The product server as `npm run serve` starts it (buildApp + listen, configuration from the environment),
 * serving the client from BENCH_CLIENT_DIR when given. The launcher (bench/lib/servers.ts) sets
 * RATE_LIMITS=off, so a load test measures the work rather than 429s, and no limit statement runs.
 */
import { inspect } from 'node:util';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';

async function main() {
  const config = loadConfig();
  const app = await buildApp({ config, clientDir: process.env.BENCH_CLIENT_DIR || undefined });

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
