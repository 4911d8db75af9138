/**
 * `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload.
 * Open http://localhost:5173 — Vite proxies /api to the API server on PORT (default 3000); both follow
 * scripts/dev-ports.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { apiPort, VITE_PORT, viteOrigins } from './dev-ports.ts';

const children: ChildProcess[] = [];

const port = apiPort();
if (port === VITE_PORT) {
  console.error(`PORT ${port} is Vite's own port in development: give the API server another one`);
  process.exit(1);
}

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

console.log(`npm run dev: open http://localhost:${VITE_PORT} (Vite); the API server listens on ${port}`);
// the API server restarts when its code or a file of schemas/ or locales/ changes: it reads them once, at start
run(
  'API server',
  'npx',
  [
    'tsx',
    'watch',
    '--clear-screen=false',
    '--include',
    'schemas',
    '--include',
    'locales',
    'src/server/main.ts',
  ],
  {
    PORT: String(port),
    // Vite's pages write to the API (ADR 102), and links in mails open them
    TRUSTED_ORIGINS: process.env.TRUSTED_ORIGINS || viteOrigins().join(','),
    PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${VITE_PORT}`,
  },
);
run('Vite', 'npx', ['vite', '--host', '127.0.0.1']);
