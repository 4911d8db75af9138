import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The fault suite (`npm run test:faults`) starts real servers and stops a PostgreSQL of its own: minutes, not
 * seconds, so a plain `vitest run` leaves it out (ADR 051).
 */
const faults: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'faults',
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/server.ts'],
    globalSetup: ['tests/faults/global-setup.ts'],
    // one file at a time: they stop and start the same PostgreSQL and load a 2-core machine
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
};

/**
 * The deployment recipe (`npm run test:deploy`): nginx as in docs/deploy.md in front of two built servers on one
 * PostgreSQL. It needs root, nginx and DATABASE_URL, so a plain `vitest run` leaves it out (ADR 106).
 */
const deploy: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'deploy',
    include: ['tests/deploy/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/server.ts'],
    globalSetup: ['tests/deploy/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
};

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // Vitest's default (one worker fewer than the cores) leaves one worker on a 2-core machine, and most test
    // files wait on PGlite, PostgreSQL, a socket or a child process as often as they compute: two workers there
    // take 9.5 minutes for the embedded-database run against 15 with one. On PostgreSQL each test server has a
    // database of its own (tests/server/support/test-app.ts), so files run side by side there too (ADR 145)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // files and the tests in each file run in a random order, so no test leans on what another left behind; the
    // default reporter prints the seed ("Running tests with seed N"): `npx vitest run --sequence.seed=N` replays it
    sequence: { shuffle: true },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/unit.ts'],
          // CI runs this beside the server project on two cores; the lint tests start biome and tsx. A slow
          // test is the bench's business (ADR 040), not a failure here
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/server.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      ...(process.env.FAULTS === '1' ? [faults] : []),
      ...(process.env.DEPLOY === '1' ? [deploy] : []),
    ],
  },
});
