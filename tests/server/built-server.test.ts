import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from './support/test-app';

// `npm start` runs the bundle, not the sources: build it (into a scratch folder of the repository, where it
// finds schemas/ and locales/ as dist/server does) and start it the way `npm run serve` does.
describe('the built server (scripts/build-server.mjs, node dist/server/main.js)', () => {
  const port = 4000 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  let outDir: string;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let drop: () => Promise<void>;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    mkdirSync('tmp', { recursive: true });
    outDir = mkdtempSync(path.resolve('tmp', 'built-server-'));
    await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', outDir]);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'built-server-data-'));
    const database = await prepareDatabase(dataDir);
    drop = database.drop;
    env = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.databaseUrl ?? '',
    };
  }, 60_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  });

  it('bundles src/ and leaves packages to node_modules', () => {
    const code = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(outDir, file), 'utf8'))
      .join('\n');
    expect(code).toContain('// src/server/app.ts');
    for (const name of ['fastify', 'kysely', '@electric-sql/pglite'])
      expect(code).toMatch(new RegExp(`from "${name}"|import\\("${name}"\\)`));
    // the hash threads load argon2 from node_modules by its resolved path (ADR 159)
    expect(code).toContain('.resolve("@node-rs/argon2")');
  });

  it('starts, answers /api/config, validates with the form engine, and stops on SIGTERM', async () => {
    const proc = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = proc;
    // both streams: the log goes to stdout, a start-up failure to stderr; either says why it did not start
    let stderr = '';
    proc.stdout?.on('data', (chunk) => {
      stderr += chunk;
    });
    proc.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    // up to 2 minutes: on PostgreSQL its migrations wait for Kysely's migration lock, which is one per database,
    // and the other test files of a parallel run migrate their schemas under it too
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/config`)).ok) break;
      } catch {
        if (i > 480 || proc.exitCode !== null)
          throw new Error(`the built server did not start (exit ${proc.exitCode}): ${stderr}`);
        // a poll for the server listening, bounded: not a wait before a check
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    const config = await fetch(`${base}/api/config`);
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ productName: expect.any(String) });

    // the engine reads schemas/ and locales/ from the application folder, found from the bundle's location
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'tr' },
      body: JSON.stringify({ email: 'x', password: '' }),
    });
    expect(login.status).toBe(400);
    expect(await login.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: 'Lütfen geçerli bir e-posta adresi girin', password: 'Şifre zorunludur' },
    });

    proc.kill('SIGTERM');
    const code = await new Promise((resolve) => proc.once('exit', resolve));
    expect(code).toBe(0);
    if (!env.DATABASE_URL) {
      expect(existsSync(path.join(dataDir, 'admin.json'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    }
    expect(stderr).toBe('');
  }, 180_000);
});
