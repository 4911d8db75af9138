/**
 * `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload.
 * Open http://localhost:5173 — Vite proxies /api to the API server on PORT (default 3000).
 */
import { type ChildProcess, spawn } from 'node:child_process';

const children: ChildProcess[] = [];

/** Vite's page origin (vite.config.ts, strictPort): the API server takes writes from it (ADR 102). */
const VITE_ORIGINS = 'http://localhost:5173,http://127.0.0.1:5173';

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', ...env },
  });
  child.on('exit', (code, signal) => {
    if (signal === null) {
      console.error(`${name} stopped (exit ${code}); stopping the rest`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

function stop(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('API server', 'npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  TRUSTED_ORIGINS: process.env.TRUSTED_ORIGINS || VITE_ORIGINS,
});
run('Vite', 'npx', ['vite', '--host', '127.0.0.1']);
