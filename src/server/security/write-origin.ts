/**
 * Where a write may come from (ADR 102): the product's own origin (PUBLIC_URL's) and the TRUSTED_ORIGINS, judged
 * by the browser's own headers, which a page cannot set: Origin first, then Fetch Metadata, then Referer.
 */

export interface WriteHeaders {
  origin?: string | string[];
  'sec-fetch-site'?: string | string[];
  referer?: string | string[];
}

/** The names of this machine's loopback interface, as a browser writes them in an origin. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * PUBLIC_URL's origin, and in development, when PUBLIC_URL names the loopback interface, the same scheme and port
 * under its other names: a developer who opens http://127.0.0.1:3000 is on the same server as http://localhost:3000.
 */
function ownOrigins(publicUrl: string, development: boolean): string[] {
  const own = new URL(publicUrl);
  if (!development || !LOOPBACK_HOSTS.includes(own.hostname)) return [own.origin];
  return LOOPBACK_HOSTS.map((host) => {
    const alias = new URL(own.origin);
    alias.hostname = host;
    return alias.origin;
  });
}

/**
 * The origins (`scheme://host[:port]`) whose pages may write: PUBLIC_URL's (with its loopback aliases in
 * development) and the configured extra ones.
 */
export function trustedOriginsOf(
  publicUrl: string,
  extra: readonly string[],
  development = false,
): ReadonlySet<string> {
  return new Set([...ownOrigins(publicUrl, development), ...extra.map((origin) => new URL(origin).origin)]);
}

/** The serialized origin of a header value; undefined for `null`, garbage and anything not http(s). */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/** Fetch Metadata values that mean "this site's own page, or the user themselves" (OWASP's allow list). */
const OWN_SITE_FETCH = new Set(['same-origin', 'none']);

/**
 * True when the request's browser headers say it was sent by a page of another origin. A request with none of
 * them is not from a browser (curl, the admin tool, tests): it carries no victim's cookie, so it is not refused.
 */
export function isCrossSiteWrite(headers: WriteHeaders, trusted: ReadonlySet<string>): boolean {
  const origin = single(headers.origin);
  if (origin !== undefined) {
    const parsed = originOf(origin.trim());
    // `Origin: null` (sandboxed frames, data: pages, cross-site redirects) is never the product's own page
    return parsed === undefined || !trusted.has(parsed);
  }
  const site = single(headers['sec-fetch-site']);
  if (site !== undefined) return !OWN_SITE_FETCH.has(site.trim().toLowerCase());
  const referer = single(headers.referer);
  if (referer !== undefined) {
    const parsed = originOf(referer.trim());
    return parsed === undefined || !trusted.has(parsed);
  }
  return false;
}

/** `application/json; charset=utf-8` -> `application/json`; undefined when absent or empty. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type ? type : undefined;
}
