import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite, trustedOriginsOf } from '../../../src/server/security/write-origin';

const fromPage = (origin: string) => ({ origin, 'sec-fetch-site': 'same-origin' });

describe('the origins whose pages may write', () => {
  it('in development, a loopback PUBLIC_URL is the same site under its other loopback names', () => {
    const trusted = trustedOriginsOf('http://localhost:3000', [], true);
    expect([...trusted].sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:3000',
    ]);
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000'])
      expect(isCrossSiteWrite(fromPage(origin), trusted), origin).toBe(false);
  });

  it('the aliases keep the scheme and the port: another port or scheme of the loopback is another site', () => {
    const trusted = trustedOriginsOf('http://127.0.0.1:3000', [], true);
    expect(isCrossSiteWrite(fromPage('http://localhost:3000'), trusted)).toBe(false);
    expect(isCrossSiteWrite(fromPage('http://localhost:3001'), trusted)).toBe(true);
    expect(isCrossSiteWrite(fromPage('https://localhost:3000'), trusted)).toBe(true);
  });

  it('in development, a LAN address is still another origin', () => {
    const trusted = trustedOriginsOf('http://localhost:3000', [], true);
    expect(isCrossSiteWrite(fromPage('http://192.168.1.20:3000'), trusted)).toBe(true);
  });

  it('in production, only PUBLIC_URL (and TRUSTED_ORIGINS), even when PUBLIC_URL is a loopback', () => {
    const loopback = trustedOriginsOf('http://localhost:3000', [], false);
    expect([...loopback]).toEqual(['http://localhost:3000']);
    expect(isCrossSiteWrite(fromPage('http://127.0.0.1:3000'), loopback)).toBe(true);
    const deployed = trustedOriginsOf('https://psy.example.org', ['https://admin.example.org'], false);
    expect([...deployed]).toEqual(['https://psy.example.org', 'https://admin.example.org']);
  });

  it('a development server behind a real name gets no aliases', () => {
    expect([...trustedOriginsOf('https://dev.example.org', [], true)]).toEqual(['https://dev.example.org']);
  });
});
