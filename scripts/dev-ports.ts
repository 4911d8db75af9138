/**
 * The ports of `npm run dev` (scripts/dev.ts, vite.config.ts): Vite serves the pages on 5173 and proxies `/api`
 * to the API server, which listens on PORT (default 3000) as `npm start` does; so PORT moves the API end to end.
 */
import type { ServerOptions } from 'vite';

/** Vite's page port: fixed (strictPort), since the API server trusts writes from this origin alone (ADR 102). */
export const VITE_PORT = 5173;
export const DEFAULT_API_PORT = 3000;

/** The API server's port: PORT, as src/server/config.ts reads it. */
export function apiPort(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.PORT?.trim() || String(DEFAULT_API_PORT);
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535)
    throw new Error(`PORT must be a port number between 1 and 65535 (got "${env.PORT}")`);
  return port;
}

/** The origins Vite's pages come from in development. */
export const viteOrigins = () => [`http://localhost:${VITE_PORT}`, `http://127.0.0.1:${VITE_PORT}`];

/** Vite's dev server: its own port, and `/api` proxied to the API server on PORT. */
export function viteServerOptions(env: NodeJS.ProcessEnv = process.env): ServerOptions {
  return {
    port: VITE_PORT,
    // never drift to another port: the API server trusts writes from this origin only
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${apiPort(env)}` },
  };
}
