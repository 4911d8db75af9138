import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real server (built client + API) on a fresh DATA_DIR.
 * Playwright never downloads a browser here: a missing /usr/bin/chromium fails the run at once.
 */
const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `${CHROMIUM} is missing. Install Debian's Chromium (apt-get install -y chromium); the e2e suite never downloads browsers.`,
  );
}

// Two suites at once (e.g. account and intake engineers) each take their own port: E2E_PORT=3220 npm run test:e2e
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

// One folder per port, emptied by the web server command before it starts: fresh for every run, and the same
// path in the runner and in every worker (admin commands in tests must reach the server's data).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `psy-e2e-${E2E_PORT}`);
process.env.E2E_DATA_DIR = dataDir;

// The server's log goes to a file that `npm test` scans for secrets at the end (scripts/scan-logs.mjs).
const logDir = path.resolve(process.env.LOG_CAPTURE_DIR || 'test-results/server-logs');
const serverLog = path.join(logDir, `e2e-server-${E2E_PORT}.log`);

const launchOptions = {
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  // the suite waits on the server and the browser far more than it computes: two workers on two cores take
  // about two thirds of one worker's time; tests wait on events, not on the clock (ADR 149)
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions,
    locale: 'en-GB',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
  },
  projects: [
    {
      name: 'desktop',
      // tests tagged @phone set a phone's viewport themselves: they run once, on the phone project
      grepInvert: /@phone\b/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, launchOptions },
    },
    {
      name: 'mobile-375',
      // @mobile: run at 1280 px and again on a phone; @phone: only on a phone
      grep: /@mobile\b|@phone\b/,
      use: {
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions,
      },
    },
  ],
  webServer: {
    command: `rm -rf '${dataDir}' && mkdir -p '${dataDir}' '${logDir}' && npm run build && npm run serve > '${serverLog}' 2>&1`,
    url: `${E2E_BASE_URL}/api/config`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: E2E_BASE_URL,
      // NODE_ENV stays unset: the build is a production bundle and the server keeps its dev outbox
      // every request line is logged, so the log scan sees what a real server writes
      LOG_LEVEL: 'info',
      // every test browses from its own address (X-Forwarded-For), so per-IP limits do not leak between tests
      TRUST_PROXY: 'true',
      SMTP_URL: '',
      DATABASE_URL: '',
      // the schedule sender runs every few seconds, so a schedule starting today sends while a test watches
      SCHEDULE_INTERVAL_SECONDS: '3',
    },
  },
});
