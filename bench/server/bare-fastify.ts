/**
 * The throughput reference: a bare Fastify 5 app answering the same JSON as the product's routes, with
 * nothing else (no database, plugins, hooks or logging). `BENCH_ME_JSON` is the product's /auth/me answer.
 * Section 5 bundles it and starts it with plain `node`, the way `npm run serve` starts the built server.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 100 * 1024 });
const me = JSON.parse(process.env.BENCH_ME_JSON || '{"user":{}}') as unknown;
let version = 1;

app.get('/api/auth/me', async () => me);
app.put<{ Params: { id: string }; Body: { status?: string } }>('/api/client-intake/:id', async (request) => ({
  id: request.params.id,
  updatedAt: new Date().toISOString(),
  version: ++version,
  status: request.body.status ?? 'draft',
}));
app.get('/api/config', async () => ({ ok: true }));

process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
