import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer (ADR 133, 153). With these options they are the same for every
 * request, so helmet runs once, at start, and each answer gets the headers it set: running helmet's middleware
 * chain per request (twelve `setHeader` calls, each checked by Node) was about 2 % of the server's CPU on
 * /auth/me. Hooked at the root, so every route and the not-found handler get them.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** Helmet's defaults; scripts from the product's own origin only; HTTPS enforced when the product is served so. */
export function securityHeaderOptions(publicUrl: string): HelmetOptions {
  const https = publicUrl.startsWith('https:');
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    strictTransportSecurity: https,
  };
}

/**
 * The headers helmet sets with `options`, by name in lower case. Refuses options that would make them depend on
 * the request (a directive given as a function, as a per-request nonce would be): those need helmet per request.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const directives =
    typeof options.contentSecurityPolicy === 'object' ? options.contentSecurityPolicy.directives : undefined;
  for (const [name, value] of Object.entries(directives ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'function'))
      throw new Error(`CSP directive ${name} depends on the request: it cannot be computed once`);
  }
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}
