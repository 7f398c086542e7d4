import { defineConfig } from 'vitest/config';

/**
 * Unit tests (pure widget rules, schemas, SEO helpers) and pipeline integration tests (stores,
 * outbox, SMTP, HTTP contract). Browser tests live in tests/e2e and run under Playwright.
 */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/pipeline/**/*.test.ts'],
    globalSetup: ['tests/pipeline/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
