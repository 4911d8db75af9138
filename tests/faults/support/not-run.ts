import { expect, it } from 'vitest';

/**
 * A fault test that cannot run here (no private PostgreSQL cluster): under CI it fails, since every suite must
 * run there; elsewhere it is reported as skipped, after global-setup has said why in red.
 */
export function notRun(what: string, missing: string): void {
  if (process.env.CI === 'true')
    it(`${what}: must run under CI`, () => {
      expect.fail(`${what} could not run: ${missing}`);
    });
  else it.skip(`${what}: not run, ${missing}`, () => undefined);
}
