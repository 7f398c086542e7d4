import { defineConfig } from 'vitest/config';

/**
 * Vitest for the container tests (`npm run test:docker`): the real image, built by
 * the global setup on a Docker engine that `scripts/ensure-docker.ts` provides (and stops again
 * when it started it). One file at a time: the tests share the engine and the machine's ports.
 */
export default defineConfig({
  test: {
    include: ['tests/docker/**/*.test.ts'],
    globalSetup: ['tests/docker/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 1_800_000,
  },
});
