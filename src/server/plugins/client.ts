import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import {
  allowInlineStyles,
  compressedPage,
  inlineStyleSources,
  shellForDrawing,
} from '../respond-page/drawn-shell';
import {
  filledPage,
  firstRead,
  loadBuiltRenderer,
  pageToken,
  type RespondRenderer,
} from '../respond-page/respond-page';

/** CSP sources of a page's inline scripts (`'sha256-…'`), so the page may run them and nothing else inline. */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
}

/** The page's Content-Security-Policy with its inline scripts allowed by hash; unchanged when it has none. */
export function allowInlineScripts(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  return policy.replace(/(^|;)\s*script-src ([^;]*)/, (_all, start: string, list: string) => {
    return `${start}script-src ${list} ${sources.join(' ')}`;
  });
}

/** The respondent page's empty root, where its drawn HTML goes. */
const ROOT = '<div id="root"></div>';

/** Serves the built client from dist/client when it exists; other paths that want HTML get index.html. */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string,
  options: { respondRenderer?: RespondRenderer | false } = {},
) {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  const respondPage = path.join(clientDir, 'respond.html');
  const respondShell = existsSync(respondPage) ? readFileSync(respondPage, 'utf8') : undefined;
  // the respondent's page reads its link from an inline script before its modules arrive (ADR 096)
  const respondScripts = respondShell ? inlineScriptSources(respondShell) : [];
  // a drawn page carries its stylesheet and has its scripts behind the question (ADR 141)
  const drawnShell = respondShell ? shellForDrawing(respondShell, clientDir) : undefined;
  const drawnStyles = drawnShell ? inlineStyleSources(drawnShell) : [];
  // and comes drawn by the server when the build has its renderer (ADR 134), loaded on the first link opened:
  // a server that never draws one never loads it
  let renderer: Promise<RespondRenderer | undefined> | undefined;
  const rendererOf = () => {
    if (options.respondRenderer === false) return undefined;
    if (options.respondRenderer) return options.respondRenderer;
    renderer ??= loadBuiltRenderer(clientDir).catch(() => undefined);
    return renderer;
  };

  /** The link's page drawn with its first read; undefined for the empty page (no renderer, or it failed). */
  async function drawnRespondPage(request: FastifyRequest): Promise<string | undefined> {
    if (!drawnShell?.includes(ROOT) || request.method !== 'GET') return undefined;
    const render = await rendererOf();
    if (!render) return undefined;
    const token = pageToken(request.url);
    const first = await firstRead(app, request, token);
    if (!first) return undefined;
    try {
      const { root, lang } = await render(token, first);
      return filledPage(drawnShell, first, root, lang);
    } catch (error) {
      // the empty page still works: it reads the link itself (the token stays out of the log)
      request.log.error(
        { err: error instanceof Error ? error.message : 'unknown' },
        'respondent page not drawn',
      );
      return undefined;
    }
  }
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // `npm run build` writes .br and .gz copies beside each asset; sent when the browser accepts them
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite puts content-hashed names under assets/: safe to cache for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      hasClient &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api' &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) {
      // a respondent link opens its own small page (ADR 096); helmet's no-referrer keeps its token from other sites
      if (request.url.startsWith('/r/')) {
        const header = reply.getHeader('content-security-policy');
        const policy = typeof header === 'string' ? allowInlineScripts(header, respondScripts) : undefined;
        if (policy) reply.header('content-security-policy', policy);
        // the link's answers may be on it: never stored by a cache, as the API's read
        const drawn = await drawnRespondPage(request);
        if (drawn) {
          const { body, encoding } = await compressedPage(drawn, request.headers['accept-encoding']);
          if (policy) reply.header('content-security-policy', allowInlineStyles(policy, drawnStyles));
          if (encoding) reply.header('content-encoding', encoding);
          return reply
            .header('vary', 'accept-encoding')
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(body);
        }
        return reply.header('cache-control', 'no-store').sendFile('respond.html');
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw notFound();
  });
}
