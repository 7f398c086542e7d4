/**
 * Playwright configuration.
 *
 * - Browser: Debian Chromium's headless shell at /usr/bin/chromium-headless-shell, the build
 *   Playwright itself runs headless tests in (half the CPU of the full browser's headless mode:
 *   docs/decisions/049-end-to-end-tests-in-the-headless-shell.md); installed by
 *   scripts/ensure-chromium.ts, which both `npm run test:e2e` and the global setup run, never
 *   Playwright's own download.
 * - Projects: `mobile` (375×812, touch, mobile viewport) and `desktop` (1280×800, mouse).
 * - Server: the production server (`server.ts`) against the already built BUILD_DIR
 *   (default ./dist — `npm test` builds first) on E2E_PORT (default 4321), with a throwaway
 *   DATA_DIR so enquiries posted by the tests never touch real data, rate limits (enquiries, Web
 *   Vitals reports) high enough for the whole suite and no minimum fill time.
 *
 * Env: E2E_PORT, BUILD_DIR, E2E_DATA_DIR (overrides the temp DATA_DIR, which is otherwise
 * removed after the run), E2E_OUTPUT_DIR (default test-results), E2E_REUSE_SERVER=1, CI.
 */
import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HEADLESS_SHELL_PATH } from './scripts/ensure-chromium.ts';

const port = Number(process.env['E2E_PORT'] ?? 4321);
const baseURL = `http://localhost:${port}`;
const buildDir = resolve(process.env['BUILD_DIR'] ?? './dist');

// The config is evaluated in the runner and again in every worker; the env variable makes all
// of them agree on one fresh directory (workers inherit the runner's environment).
if (!process.env['E2E_DATA_DIR']) {
  process.env['E2E_DATA_DIR'] = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  process.env['E2E_DATA_DIR_OWNED'] = '1'; // the global setup's teardown removes it
}
const dataDir = process.env['E2E_DATA_DIR'];

/** Flags from the common rules: no sandbox (root in containers), no GPU, no background traffic. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const launchOptions = { executablePath: HEADLESS_SHELL_PATH, args: chromiumArgs };

export default defineConfig({
  testDir: 'tests/e2e',
  // Overridable so parallel runs in one working tree do not wipe each other's results.
  outputDir: process.env['E2E_OUTPUT_DIR'] ?? 'test-results',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['./tests/e2e/support/summary-reporter.ts']],
  use: {
    baseURL,
    // A failed test keeps its trace (each action's DOM snapshot) and a screenshot of the end; the
    // trace's screencast, a frame on every paint of every test, cost a fifth of the run's CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'mobile',
      use: {
        ...devices['Desktop Chrome'],
        browserName: 'chromium',
        viewport: { width: 375, height: 812 },
        // What the tests assert is laid out in CSS pixels; a phone's 2× density would double
        // Chromium's raster work in each dimension and no test reads a device pixel.
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions,
      },
    },
  ],
  webServer: {
    command: 'node_modules/.bin/node server.ts',
    url: `${baseURL}/`,
    // Never reuse a server by default: a developer's `npm start` on the same port would have real
    // data and the real rate limit. E2E_REUSE_SERVER=1 opts in while iterating locally.
    reuseExistingServer: process.env['E2E_REUSE_SERVER'] === '1' && !process.env['CI'],
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: 'localhost',
      BUILD_DIR: buildDir,
      FORM_SECRET: 'e2e-form-secret-0123456789',
      DRAIN_GRACE_MS: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir ?? '',
      RATE_LIMIT_MAX: '1000',
      // Every page view of the suite reports its Web Vitals from this one address.
      WEB_VITALS_RATE_LIMIT_MAX: '100000',
      FORM_MIN_FILL_MS: '0',
      NODE_ENV: 'production',
      SITE_URL: process.env['SITE_URL'] ?? baseURL,
    },
  },
});
