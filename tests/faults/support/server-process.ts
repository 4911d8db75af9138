import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { migratedClusterTemplate } from '../../server/support/test-app';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerSettings {
  /** PostgreSQL; PGlite in dataDir when absent. */
  databaseUrl?: string;
  /** Kept across restarts (PGlite data, the data key). */
  dataDir: string;
  dataKey: string;
  port: number;
  env?: Record<string, string>;
}

/** Settings for one server (or several on one database): a data folder, a port and a data key of its own. */
export async function serverSettings(
  databaseUrl?: string,
  env: Record<string, string> = {},
): Promise<ServerSettings> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'faults-data-'));
  // a copy of a migrated embedded database: PGlite's own first start takes 10-20 s on a busy machine
  if (!databaseUrl) cpSync(await migratedClusterTemplate(), path.join(dataDir, 'db'), { recursive: true });
  return {
    databaseUrl,
    dataDir,
    dataKey: randomBytes(32).toString('hex'),
    port: await freePort(),
    env,
  };
}

export function removeDataDir(settings: ServerSettings) {
  rmSync(settings.dataDir, { recursive: true, force: true });
}

/** A real server process (node dist/server/main.js), its log lines and how it ended. */
export class ServerProcess {
  readonly base: string;
  readonly logLines: Array<{ level: number; msg: string }> = [];
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly proc: ChildProcess,
    readonly settings: ServerSettings,
  ) {
    this.base = `http://${settings.env?.HOST ?? '127.0.0.1'}:${settings.port}`;
    let pending = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        try {
          this.logLines.push(JSON.parse(line));
        } catch {
          this.logLines.push({ level: 0, msg: line });
        }
      }
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    this.exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  }

  static async start(main: string, settings: ServerSettings): Promise<ServerProcess> {
    const proc = spawn(process.execPath, [main], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(settings.port),
        DATA_DIR: settings.dataDir,
        DATA_KEY: settings.dataKey,
        DATABASE_URL: settings.databaseUrl ?? '',
        LOG_LEVEL: 'warn',
        REQUIRE_EMAIL_VERIFICATION: 'false',
        ...settings.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(proc, settings);
    await server.waitLive();
    return server;
  }

  get alive(): boolean {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  async waitLive(timeoutMs = 60_000) {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      if (!this.alive) throw new Error(`the server exited while starting: ${this.stderr}`);
      try {
        if ((await fetch(`${this.base}/api/health/ready`)).ok) return;
      } catch {
        // not listening yet
      }
      // a poll for the server being ready, bounded by timeoutMs: not a wait before a check
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server did not start within ${timeoutMs} ms: ${this.stderr}`);
  }

  /** Log lines at error level or above (a 500 is logged so). */
  errorLines() {
    return this.logLines.filter((line) => line.level >= 50);
  }

  async kill(signal: NodeJS.Signals) {
    if (this.alive) this.proc.kill(signal);
    return this.exited;
  }
}
