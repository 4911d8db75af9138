// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** scripts/test-summary.mjs over reports written here, as `npm test` leaves them; CI=true or not. */
function summary(reports: Record<string, unknown>, ci: boolean) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'test-summary-'));
  dirs.push(dir);
  for (const [name, report] of Object.entries(reports))
    writeFileSync(path.join(dir, name), JSON.stringify(report));
  const env = { ...process.env, CI: ci ? 'true' : '' };
  const run = spawnSync(process.execPath, ['scripts/test-summary.mjs', dir], { encoding: 'utf8', env });
  return { status: run.status, out: run.stdout };
}
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const vitest = (file: string, tests: Array<[string, string]>) => ({
  numPassedTests: tests.filter(([, status]) => status === 'passed').length,
  numFailedTests: 0,
  testResults: [
    {
      name: path.resolve(file),
      status: 'passed',
      assertionResults: tests.map(([fullName, status]) => ({ fullName, status })),
    },
  ],
});

describe('a skipped test under CI', () => {
  const unlisted = {
    'vitest-pglite.json': vitest('tests/server/some.test.ts', [
      ['works', 'passed'],
      ['left for later', 'skipped'],
    ]),
  };

  it('fails the run when tests/skipped-tests.json does not list it, naming it', () => {
    const { status, out } = summary(unlisted, true);
    expect(status).toBe(1);
    expect(out).toContain('vitest-pglite tests/server/some.test.ts › left for later');
    expect(out).toContain('tests: 1 passed, 0 failed, 1 skipped');
  });

  it('is reported but does not fail the run outside CI', () => {
    const { status, out } = summary(unlisted, false);
    expect(status).toBe(0);
    expect(out).toContain('not listed with a reason in tests/skipped-tests.json');
  });

  it('passes when listed with its reason, and only in the report the list names', () => {
    const listed = vitest('tests/server/schedule-sender.test.ts', [
      ['sends each due day once', 'passed'],
      ['two instances on one PostgreSQL > running at once make each link once', 'skipped'],
    ]);
    expect(summary({ 'vitest-pglite.json': listed }, true).status).toBe(0);
    const elsewhere = summary({ 'vitest-postgres.json': listed }, true);
    expect(elsewhere.status).toBe(1);
    expect(elsewhere.out).toContain('vitest-postgres tests/server/schedule-sender.test.ts');
  });

  it('counts a playwright skip the same way', () => {
    const report = {
      stats: { expected: 1, unexpected: 0, skipped: 1 },
      suites: [
        {
          file: 'account/journey.spec.ts',
          specs: [
            { title: 'signs up', ok: true, tests: [{ projectName: 'desktop', status: 'expected' }] },
            { title: 'on a phone', ok: true, tests: [{ projectName: 'desktop', status: 'skipped' }] },
          ],
        },
      ],
    };
    const { status, out } = summary({ 'playwright.json': report }, true);
    expect(status).toBe(1);
    expect(out).toContain('playwright tests/e2e/account/journey.spec.ts › on a phone [desktop]');
  });
});
