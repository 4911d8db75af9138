import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../shared';
import { sha256Hex } from '../crypto/tokens';
import { AppError } from '../errors';
import { perIp } from '../security/limiter';

/**
 * The respondent's page drawn on the server (ADR 134): the link's first read, as GET /api/respond/:token
 * answers it, becomes HTML by the browser's own tree (src/client/respond/respond-ssr.tsx) and JSON the page's
 * script takes instead of asking again. Any failure gives the empty page, which reads the link itself.
 */

/** What the page's script makes of the link's first read (the browser's `Outcome<LinkView>`). */
export type FirstRead =
  | { kind: 'ok'; value: unknown }
  | { kind: 'closed'; reason: string; language?: string }
  | { kind: 'code'; wrong: false; language?: string }
  | { kind: 'notFound' };

/** Draws the page's root for a first read: the built module's `renderRespondPage`. */
export type RespondRenderer = (token: string, first: FirstRead) => Promise<{ root: string; lang: string }>;

/** The renderer `npm run build` writes beside the server (dist/server/respond/), when there is one. */
export async function loadBuiltRenderer(clientDir: string): Promise<RespondRenderer | undefined> {
  const file = path.join(clientDir, '..', 'server', 'respond', 'respond-ssr.js');
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderRespondPage?: RespondRenderer };
  return module.renderRespondPage;
}

/** The token of a page address /r/<token>; an undecodable one is no token. */
export function pageToken(url: string): string {
  try {
    return decodeURIComponent(url.replace(/^\/r\//, '').split(/[/?#]/)[0] ?? '');
  } catch {
    return '';
  }
}

/**
 * The link's first read, counted and audited as the API's read (ADR 095): the same limits per address and
 * per link, the link marked opened once. Undefined when the page should read it itself (a limit reached, the
 * database away): the empty page then asks and shows what the API answers.
 */
export async function firstRead(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<FirstRead | undefined> {
  try {
    const { limiter, limits } = app;
    await limiter.enforceAll([
      perIp(request, 'respondPerIp'),
      { key: `link:respondPerLink:${sha256Hex(token)}`, limit: limits.respondPerLink },
    ]);
    return { kind: 'ok', value: await app.services.links.read(token, undefined, request.ip) };
  } catch (error) {
    if (!(error instanceof AppError)) return undefined;
    const extra = (error.options.extra ?? {}) as { reason?: string; language?: string };
    if (error.statusCode === 410)
      return { kind: 'closed', reason: String(extra.reason), language: extra.language };
    if (error.code === ERROR_CODES.LINK_CODE_REQUIRED)
      return { kind: 'code', wrong: false, language: extra.language };
    if (error.statusCode === 404) return { kind: 'notFound' };
    return undefined;
  }
}

/** JSON safe inside `<script type="application/json">`: no `</script>` or `<!--` can close or bend it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const LANGUAGE = /^[a-z]{2}$/;

/** respond.html with the drawn root, the first read as JSON and the page's language set on `<html>`. */
export function filledPage(shell: string, first: FirstRead, root: string, lang: string): string {
  const language = LANGUAGE.test(lang) ? lang : 'tr';
  return shell
    .replace(
      /<html lang="[^"]*"/,
      `<html lang="${language}" data-page-language="${language}" data-link="${first.kind}"`,
    )
    .replace(
      '<div id="root"></div>',
      `<script type="application/json" id="respond-data">${scriptJson(first)}</script><div id="root">${root}</div>`,
    );
}
