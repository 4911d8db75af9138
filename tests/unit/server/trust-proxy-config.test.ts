import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://psy.example.org' };

describe('TRUST_PROXY', () => {
  it('is never true in production: X-Forwarded-For would be believed from anyone', () => {
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: 'true' })).toThrow(
      "Invalid configuration: TRUST_PROXY cannot be true when NODE_ENV=production: name the reverse proxy's address as the server sees it (e.g. 127.0.0.1)",
    );
  });

  it("takes the proxy's addresses in production, and true in development and tests", () => {
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({ ...PRODUCTION }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });
});
