// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPort, VITE_PORT, viteServerOptions } from '../../../scripts/dev-ports';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('npm run dev follows PORT', () => {
  it('proxies /api to the API server on PORT, Vite itself staying on 5173', () => {
    expect(viteServerOptions({ PORT: '3222' })).toEqual({
      port: 5173,
      strictPort: true,
      proxy: { '/api': 'http://127.0.0.1:3222' },
    });
    expect(VITE_PORT).toBe(5173);
  });

  it('uses 3000 when PORT is unset or blank, as the server does', () => {
    expect(apiPort({})).toBe(3000);
    expect(apiPort({ PORT: ' ' })).toBe(3000);
  });

  it.each(['abc', '0', '70000', '30.5'])('refuses PORT=%s with a clear message', (value) => {
    expect(() => apiPort({ PORT: value })).toThrow(
      `PORT must be a port number between 1 and 65535 (got "${value}")`,
    );
  });

  it("is what vite.config.ts gives Vite's dev server", async () => {
    vi.stubEnv('PORT', '4321');
    const { default: config } = await import('../../../vite.config');
    expect(config.server?.proxy).toEqual({ '/api': 'http://127.0.0.1:4321' });
    expect(config.server?.port).toBe(5173);
  });
});
