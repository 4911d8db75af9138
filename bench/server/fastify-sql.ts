/**
 * The HTTP floor of section 4 (ADR 156): a bare Fastify app whose GET /api/auth/me sends the statements the
 * product's /auth/me sends (captured by bench/lib/raw-sql.ts, `BENCH_ME_STATEMENTS`) through a `pg` pool as large
 * as the server's, then answers the product's JSON (`BENCH_ME_JSON`). Nothing of the product runs: what it adds to
 * the raw SQL is Node's HTTP, Fastify and the load generator, the part of the gap no change to our code removes.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { POOL_SIZE } from '../../src/server/db/postgres-pool';
import { pgQueryOf, type Statement } from '../lib/statement';

const statements = JSON.parse(process.env.BENCH_ME_STATEMENTS || '[]') as Statement[];
const me = JSON.parse(process.env.BENCH_ME_JSON || '{"user":{}}') as unknown;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
const app = Fastify({ logger: false });

app.get('/api/auth/me', async () => {
  for (const statement of statements) await pool.query(pgQueryOf(statement));
  return me;
});
app.get('/api/config', async () => ({ ok: true }));

process.once('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
