import { defineConfig } from 'vitest/config';

/**
 * Vitest: unit tests (widget rules, schemas, content, SEO helpers), the Express app through
 * supertest (`tests/server`) and the enquiry pipeline against SQLite, PostgreSQL, a real SMTP
 * server and the production server process (`tests/pipeline`); the monitoring rules and dashboard
 * with promtool and a real Prometheus (`tests/monitoring`). Browser tests live in
 * `tests/e2e` (Playwright), container tests in `tests/docker`.
 */
export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      'tests/server/**/*.test.ts',
      'tests/pipeline/**/*.test.ts',
      'tests/monitoring/**/*.test.ts',
    ],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
