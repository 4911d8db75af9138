import { defineConfig } from 'vitest/config';

/** Runs tests/upgrade/make-fixture.run.ts alone, in a worktree of a previous release (tests/upgrade/README.md). */
export default defineConfig({
  test: {
    include: ['tests/upgrade/make-fixture.run.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/server.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
