import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeaderOptions } from '../../../src/server/plugins/security-headers';

/** What helmet's middleware leaves on a real Node answer, as it would per request. */
function perRequest(options: HelmetOptions): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  response.setHeader('x-powered-by', 'Express');
  helmet(options)(request, response, () => {});
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

describe('security headers computed once (ADR 153)', () => {
  it.each(['http://localhost:5173', 'https://psikolog.example'])(
    'are exactly what helmet sets per request, for %s',
    (publicUrl) => {
      const options = securityHeaderOptions(publicUrl);
      const once = helmetHeaders(options);
      expect(once).toEqual(perRequest(options));
      expect(Object.keys(once).length).toBeGreaterThan(10);
      expect('strict-transport-security' in once).toBe(publicUrl.startsWith('https:'));
      expect(once['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('refuses a directive that depends on the request', () => {
    const nonce = () => "'nonce-x'";
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", nonce] } } }),
    ).toThrow(/script-src depends on the request/);
  });
});
