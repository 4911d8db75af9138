// Adds up the JSON reports of `npm test` into one closing line: "tests: N passed, N failed, N skipped",
// naming each failed test just above it, so the end of a long CI log says what failed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

/** Playwright's report nests suites in suites; a spec whose tests did not all pass is a failure. */
function playwrightFailures(suites, file) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      if (!spec.ok) failures.push(`playwright ${spec.file ?? file} › ${spec.title}`);
    }
    playwrightFailures(suite.suites, suite.file ?? file);
  }
}
for (const name of existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  if (name.startsWith('vitest')) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    // a file that fails to load has no failed test but is a failure all the same
    failed += (report.testResults ?? []).filter(
      (file) => file.status === 'failed' && !file.assertionResults?.some((t) => t.status === 'failed'),
    ).length;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    const suite = name.replace(/\.json$/, '');
    for (const file of report.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const test of failedTests) failures.push(`${suite} ${file.name} › ${test.fullName}`);
      if (file.status === 'failed' && failedTests.length === 0) {
        failures.push(`${suite} ${file.name} (did not load: ${(file.message ?? '').split('\n')[0]})`);
      }
    }
  } else if (name.startsWith('log-scan')) {
    // the scan of every server log line of the run counts as one test
    passed += report.passed ?? 0;
    failed += report.failed ?? 0;
    if (report.failed)
      failures.push('log scan: a server log holds a token, password, national ID or client text');
  } else if (name.startsWith('playwright')) {
    passed += report.stats?.expected ?? 0;
    failed += report.stats?.unexpected ?? 0;
    skipped += report.stats?.skipped ?? 0;
    playwrightFailures(report.suites, '');
  }
}
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(passed === 0 ? 1 : 0);
