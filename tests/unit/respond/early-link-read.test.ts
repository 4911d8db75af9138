// @vitest-environment node
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EarlyLinkRead, readLink, tokenFromPath } from '../../../src/client/respond/respond-api';
import { codeKey } from '../../../src/client/respond/respond-code';

const inlineScript = /<script>([\s\S]*?)<\/script>/.exec(readFileSync('respond.html', 'utf8'))?.[1] ?? '';

interface Sent {
  url: string;
  init: RequestInit;
}

/**
 * Runs respond.html's inline script at `pathname`, as a browser would, with the tab's stored codes; `drawn` is
 * the `data-link` the server puts on a page it drew (ADR 134), none for the empty page.
 */
function runEarlyRead(pathname: string, stored: Record<string, string> = {}, drawn?: string) {
  const sent: Sent[] = [];
  const window: { earlyLinkRead?: EarlyLinkRead } = {};
  runInNewContext(inlineScript, {
    window,
    document: { documentElement: { dataset: drawn ? { link: drawn } : {} } },
    location: { pathname },
    sessionStorage: { getItem: (key: string) => stored[key] ?? null },
    fetch: (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify({ language: 'tr' }), { status: 200 }));
    },
  });
  return { sent, early: window.earlyLinkRead };
}

/** What the page's own readLink sends for the same token and code. */
async function readLinkSends(token: string, code?: string): Promise<Sent> {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(new Response('{}', { status: 200 }));
  });
  await readLink(token, code);
  return sent[0]!;
}

afterEach(() => vi.unstubAllGlobals());

describe("respond.html's early link read", () => {
  it('is in respond.html', () => {
    expect(inlineScript).toContain('earlyLinkRead');
  });

  it('sends what readLink sends, for the token respond-main reads from the address', async () => {
    const pathname = '/r/AbC-_9xYz0123456789abcdefghijk';
    const { sent, early } = runEarlyRead(pathname);
    const token = tokenFromPath(pathname);
    expect(early?.token).toBe(token);
    expect(early?.code).toBeUndefined();
    const own = await readLinkSends(token);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(own.url);
    expect(sent[0]!.init.headers).toEqual(own.init.headers);
    expect(sent[0]!.init.cache).toBe(own.init.cache);
  });

  it("sends the tab's stored code under the key the page keeps it", async () => {
    const pathname = '/r/Token0123456789abcdefghijklmnop';
    const token = tokenFromPath(pathname);
    const { sent, early } = runEarlyRead(pathname, { [codeKey(token)]: '123456' });
    expect(early?.code).toBe('123456');
    const own = await readLinkSends(token, '123456');
    expect(sent[0]!.init.headers).toEqual(own.init.headers);
  });

  it('is taken by readLink for the same token and code, and ignored for another', async () => {
    const { early } = runEarlyRead('/r/SameToken0123456789abcdefghij');
    const fetched = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetched);
    const taken = await readLink(early!.token, undefined, early);
    expect(taken).toEqual({ kind: 'ok', value: { language: 'tr' } });
    expect(fetched).not.toHaveBeenCalled();
    await readLink('OtherToken0123456789abcdefghij', undefined, early);
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it('sends nothing on a page the server drew: the page carries its read', () => {
    for (const drawn of ['ok', 'closed', 'notFound', 'code']) {
      const { sent, early } = runEarlyRead('/r/Drawn0123456789abcdefghijklmno', {}, drawn);
      expect(sent, drawn).toHaveLength(0);
      expect(early, drawn).toBeUndefined();
    }
  });

  it("reads a drawn code prompt again when the tab holds the link's code", () => {
    const pathname = '/r/Coded0123456789abcdefghijklmno';
    const token = tokenFromPath(pathname);
    const { sent, early } = runEarlyRead(pathname, { [codeKey(token)]: '654321' }, 'code');
    expect(sent).toHaveLength(1);
    expect(early?.code).toBe('654321');
  });
});
