// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, HOST, startProcess, waitForStatus } from '../../../bench/lib/processes';
import { bundleBenchPrograms } from '../../../bench/lib/servers';

const ROOT = resolve(__dirname, '../../..');

/** The bench measures its servers as the product's server ships: bundled, run by plain node (ADR 155). */
describe('the bench programs', () => {
  // inside the project, as bench/.out/programs is: the bundles import their packages from its node_modules
  mkdirSync(join(ROOT, 'bench/.out'), { recursive: true });
  const outdir = mkdtempSync(join(ROOT, 'bench/.out/test-programs-'));
  beforeAll(async () => {
    await bundleBenchPrograms(ROOT, outdir);
  }, 60_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('are bundled as the server is, without the name-keeping helper tsx adds to every function', () => {
    for (const name of ['bench-server', 'bare-fastify', 'fastify-sql', 'pglite-baseline']) {
      const code = readFileSync(join(outdir, `${name}.js`), 'utf8');
      expect(code).not.toMatch(/__name\(/);
      // packages stay in node_modules, as in dist/server
      expect(code).not.toMatch(/node_modules\//);
    }
    // the product's app is in the bundle (a chunk of its own, loaded while the database opens), not imported from src
    expect(readFileSync(join(outdir, 'bench-server.js'), 'utf8')).not.toMatch(/from ["'][./]*src\//);
  });

  it('run with plain node', async () => {
    const port = await freePort();
    const proc = startProcess('bare fastify', process.execPath, [join(outdir, 'bare-fastify.js')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), BENCH_ME_JSON: '{"user":{"email":"a@example.com"}}' },
    });
    try {
      await waitForStatus(`http://${HOST}:${port}/api/config`, { timeoutMs: 20_000, process: proc });
      const me = await fetch(`http://${HOST}:${port}/api/auth/me`);
      expect(await me.json()).toEqual({ user: { email: 'a@example.com' } });
    } finally {
      await proc.stop();
    }
  });
});
