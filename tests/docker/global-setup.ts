/**
 * Global setup of the container tests: a Docker engine and base image (`ensureDocker`), the
 * project's image built from the Dockerfile exactly as an operator would, except that the base
 * comes from `--build-arg NODE_IMAGE` and the build uses the host network,
 * and a throwaway PostgreSQL for the scale-out test. Provides the image tag and the database URL.
 * Teardown stops the database and the engine if this run started it.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureDocker } from '../../scripts/ensure-docker.ts';
import { startThrowawayPostgres } from '../support/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    image: string;
    pgAdminUrl: string;
  }
}

/** Tag of the image under test. */
export const IMAGE = 'story-voice-site:test';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const docker = await ensureDocker();
  const started = performance.now();
  const build = spawnSync(
    'docker',
    [
      'build',
      '--network',
      'host',
      '--build-arg',
      `NODE_IMAGE=${docker.nodeImage}`,
      '-t',
      IMAGE,
      '.',
    ],
    { cwd: resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) {
    await docker.stop();
    throw new Error(`docker build failed (exit ${build.status})`);
  }
  console.log(`docker build: ${Math.round((performance.now() - started) / 1000)} s`);
  const pg = await startThrowawayPostgres();
  project.provide('image', IMAGE);
  project.provide('pgAdminUrl', pg.url);
  return async () => {
    pg.stop();
    // Dangling layers of earlier builds of the tag would otherwise pile up on vfs.
    spawnSync('docker', ['image', 'prune', '-f'], { stdio: 'ignore' });
    await docker.stop();
  };
}
