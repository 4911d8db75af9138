/**
 * The HTTP floor of section 4 (ADR 156, 162): a bare Fastify app that sends the statements the product sent,
 * captured by bench/lib/raw-sql.ts, through a `pg` pool as large as the server's. Its GET /api/auth/me sends the
 * captured /auth/me statements (`BENCH_ME_STATEMENTS`) and answers the product's JSON (`BENCH_ME_JSON`); its PUT
 * /api/client-intake/:id parses the body as Fastify does and sends the captured save statements
 * (`BENCH_SAVE_STATEMENTS`, captured for `BENCH_SAVE_FROM`) for the record of that id among `BENCH_SAVE_RECORDS`
 * at the body's version, as the raw reference sends them. Nothing of the product runs: what it adds to the raw
 * SQL is Node's HTTP, Fastify and the load generator, the part of the gap no change to our code removes.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { POOL_SIZE } from '../../src/server/db/postgres-pool';
import { type CapturedRecord, forRecord, pgQueryOf, type Statement } from '../lib/statement';

const json = <T>(name: string, fallback: string) => JSON.parse(process.env[name] || fallback) as T;
const statements = json<Statement[]>('BENCH_ME_STATEMENTS', '[]');
const me = json<unknown>('BENCH_ME_JSON', '{"user":{}}');
const save = json<Statement[]>('BENCH_SAVE_STATEMENTS', '[]');
const from = json<CapturedRecord | null>('BENCH_SAVE_FROM', 'null');
const records = new Map(
  json<CapturedRecord[]>('BENCH_SAVE_RECORDS', '[]').map((record) => [record.id, record]),
);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
// the product's body limit
const app = Fastify({ logger: false, bodyLimit: 100 * 1024 });

app.get('/api/auth/me', async () => {
  for (const statement of statements) await pool.query(pgQueryOf(statement));
  return me;
});

app.put<{ Params: { id: string }; Body: { version?: number } }>(
  '/api/client-intake/:id',
  async (request, reply) => {
    const record = records.get(request.params.id);
    if (!record || !from) return reply.code(404).send({ error: 'NOT_FOUND' });
    const version = typeof request.body?.version === 'number' ? request.body.version : null;
    let rows: Array<Record<string, unknown>> = [];
    for (const statement of forRecord(save, from, { ...record, version })) {
      rows = (await pool.query(pgQueryOf(statement))).rows;
    }
    const saved = rows[0];
    if (!saved) return reply.code(409).send({ error: 'VERSION_CONFLICT' });
    return { id: saved.id, status: saved.status, version: saved.version, updatedAt: saved.updated_at };
  },
);

// the load reads each record's version before a round, as it does from the product
app.get<{ Params: { id: string } }>('/api/client-intake/:id', async (request) => {
  const { rows } = await pool.query('select version from client_intakes where id = $1', [request.params.id]);
  return { version: rows[0]?.version ?? null };
});

app.get('/api/config', async () => ({ ok: true }));

process.once('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
