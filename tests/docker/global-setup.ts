/**
 * Global setup of the container tests: a Docker engine and base image (`ensureDocker`), the
 * project's image built from the Dockerfile exactly as an operator would, except that the base
 * comes from `--build-arg NODE_IMAGE` and the build uses the host network (`build-image.ts`),
 * and a throwaway PostgreSQL for the scale-out test. Provides the image tag and the database URL.
 *
 * TEST_DOCKER_IMAGE names an image already built that way (`npm test` builds it once in its
 * `test:image` stage and shares it, scripts/test.ts); it must exist on the engine. Otherwise the
 * image is built here.
 *
 * Teardown stops the database, removes images no tag holds when it built one, and stops the
 * engine if this run started it.
 * @throws Error when the engine, the build or the named image is missing
 */
import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { ensureDocker } from '../../scripts/ensure-docker.ts';
import { startThrowawayPostgres } from '../../scripts/lib/postgres.ts';
import { IMAGE, buildImage, pruneUntagged } from './build-image.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    image: string;
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const docker = await ensureDocker();
  const prebuilt = process.env['TEST_DOCKER_IMAGE'];
  try {
    if (prebuilt) {
      if (spawnSync('docker', ['image', 'inspect', prebuilt], { stdio: 'ignore' }).status !== 0) {
        throw new Error(`TEST_DOCKER_IMAGE=${prebuilt}: no such image on the engine`);
      }
      console.log(`image under test: ${prebuilt} (built before this run)`);
    } else {
      console.log(`docker build: ${buildImage(docker.nodeImage).toFixed(0)} s`);
    }
  } catch (error) {
    await docker.stop();
    throw error;
  }
  const pg = await startThrowawayPostgres();
  project.provide('image', prebuilt || IMAGE);
  project.provide('pgAdminUrl', pg.url);
  return async () => {
    pg.stop();
    // Earlier builds of the tags would otherwise pile up on vfs.
    if (!prebuilt) pruneUntagged();
    await docker.stop();
  };
}
