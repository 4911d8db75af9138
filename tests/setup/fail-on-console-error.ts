import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error is a defect the test did not look for: fail the test that caused it.
let logged: unknown[][] = [];
beforeEach(() => {
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});
afterEach(() => {
  const calls = logged;
  vi.mocked(console.error).mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
  }
});
