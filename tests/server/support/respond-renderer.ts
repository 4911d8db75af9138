import { createServer, type ViteDevServer } from 'vite';
import type { RespondRenderer } from '../../../src/server/respond-page/respond-page';

/** The respondent page's renderer from source, through Vite (its globs and virtual modules), as in development. */
export async function sourceRenderer(): Promise<{ render: RespondRenderer; close: () => Promise<void> }> {
  const vite: ViteDevServer = await createServer({
    configFile: 'vite.config.ts',
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  const module = (await vite.ssrLoadModule('/src/client/respond/respond-ssr.tsx')) as {
    renderRespondPage: RespondRenderer;
  };
  return { render: module.renderRespondPage, close: () => vite.close() };
}
