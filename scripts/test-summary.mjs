// Adds up the JSON reports of `npm test` into one closing line: "tests: N passed, N failed, N skipped".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
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
  } else if (name.startsWith('log-scan')) {
    // the scan of every server log line of the run counts as one test
    passed += report.passed ?? 0;
    failed += report.failed ?? 0;
  } else if (name.startsWith('playwright')) {
    passed += report.stats?.expected ?? 0;
    failed += report.stats?.unexpected ?? 0;
    skipped += report.stats?.skipped ?? 0;
  }
}
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(passed === 0 ? 1 : 0);
