import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * respond.html made ready for a page the server draws (ADR 141): nothing on the slow link before the drawn
 * question but the page itself. Its stylesheet comes inline (allowed by hash), the scripts and their
 * preloads move behind the drawn root, and the page goes compressed. The empty page keeps respond.html as built.
 */

/** Vite's stylesheet link in respond.html's head. */
const STYLESHEET = /<link rel="stylesheet"[^>]* href="([^"]+)"[^>]*>/g;
/** The entry module and its preloads in respond.html's head. */
const MODULES = /\n?[ \t]*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g;

/**
 * The shell for drawn pages: each stylesheet of the build inlined in place of its link, and the module scripts
 * after the drawn root. No link stays: Chromium fetches even a disabled one, and the page's stylesheet is its
 * entry's own, which no chunk asks Vite's loader for (ADR 146). A stylesheet that cannot be read stays a link.
 */
export function shellForDrawing(shell: string, clientDir: string): string {
  const moved: string[] = [];
  const inlined = shell.replace(STYLESHEET, (link, href: string) => {
    const file = path.join(clientDir, path.normalize(href).replace(/^([/\\])+/, ''));
    if (!file.startsWith(clientDir) || !existsSync(file)) return link;
    const css = readFileSync(file, 'utf8');
    // a rule cannot hold `</style`; a file that does would end the element early
    if (/<\/style/i.test(css)) return link;
    return `<style>${css}</style>`;
  });
  const page = inlined.replace(MODULES, (tag) => {
    moved.push(tag.trim());
    return '';
  });
  return page.replace('</body>', `  ${moved.join('\n    ')}\n  </body>`);
}

/** CSP sources of a page's inline `<style>` elements (`'sha256-…'`). */
export function inlineStyleSources(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
}

/**
 * The policy with `style-src-elem`: style-src's sources without 'unsafe-inline', and the page's own inline
 * styles by hash. Style attributes (a slider's mark, a text box's height) keep style-src; a browser without
 * `style-src-elem` falls back to style-src as before.
 */
export function allowInlineStyles(policy: string, sources: readonly string[]): string {
  if (sources.length === 0 || /(^|;)\s*style-src-elem /.test(policy)) return policy;
  const styleSrc = /(?:^|;)\s*style-src ([^;]*)/.exec(policy)?.[1] ?? "'self'";
  const kept = styleSrc.split(/\s+/).filter((source) => source && source !== "'unsafe-inline'");
  return `${policy};style-src-elem ${[...kept, ...sources].join(' ')}`;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A drawn page compressed for the browser: brotli or gzip when it accepts them (the page is mostly repeated
 * markup: 66 KB becomes about 12), else as it is. Quality 5: a millisecond, not the tens of the maximum.
 */
export async function compressedPage(
  html: string,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer | string; encoding?: 'br' | 'gzip' }> {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*/))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q))
      .map(([name]) => name),
  );
  if (accepted.has('br'))
    return {
      body: await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  if (accepted.has('gzip')) return { body: await gzipped(html), encoding: 'gzip' };
  return { body: html };
}
