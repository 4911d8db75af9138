/**
 * The whole server built once without listening, for the commands that read its routes: `npm run openapi` (the
 * document) and `npm run lint:routes` (every route declares its answer). Routes only need a database to answer,
 * not to be registered, so it stands on Kysely's DummyDriver (no database is opened, every query reads no rows).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/schema';

export async function withApiApp<T>(use: (app: FastifyInstance) => T | Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'api-app-'));
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  try {
    // outside production, with an admin secret: every route the server can have is registered
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://localhost:3000',
    });
    const app = await buildApp({
      config,
      logger: false,
      purgeSchedule: false,
      adminSecret: 'api-app',
      database: Promise.resolve({ db, kind: 'postgres', onEvent: () => {}, close: () => db.destroy() }),
    });
    try {
      return await use(app);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
