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
    // A limit for a hung test, not a speed requirement (tests that assert a time say so). In
    // `npm test` Vitest shares the machine's 2 cores with Playwright (scripts/test.ts), and the
    // CLI tests, which start the operators' CLI several times each, then took 32–38 s on a
    // loaded machine (docs/decisions/044-test-suite-in-ten-minutes.md).
    // Test files share a worker instead of one process each: no file mocks modules or relies on
    // a fresh module graph, and the run costs about 15 % less CPU
    // (docs/decisions/045-vitest-shared-workers-and-node-compile-cache.md).
    isolate: false,
    // One worker a core, not Vitest's default of one fewer: each waits on PostgreSQL, SMTP and
    // the child processes it starts for about half its time (the stage alone on 2 cores: 123 s
    // and 221 CPU-s with two workers; in `npm test` it now ends before Playwright does).
    maxWorkers: '100%',
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
