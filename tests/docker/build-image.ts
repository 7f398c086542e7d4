/**
 * Builds the container image under test from the project's Dockerfile, exactly as an operator
 * would (`docker build .`), except that the base comes from `--build-arg NODE_IMAGE` and the build
 * uses the host network (scripts/ensure-docker.ts says why). Used by the container tests' global
 * setup and, in `npm test`, by the `test:image` stage, whose image every later stage shares
 * (docs/decisions/044-test-suite-in-ten-minutes.md):
 *
 * - the build stage is tagged too ({@link BUILD_STAGE_IMAGE}), so the classic builder's layer
 *   cache keeps its `npm ci` layer between runs: `docker image prune` removes only untagged
 *   images, and the build stage of an untagged chain would be one of them. When package.json and
 *   the lock file are unchanged, `npm ci` is not run again;
 * - the app's build inside the image (`/app/dist`) can be copied out ({@link copyBuildOut}), so
 *   the browser tests, the HTML checks and Vitest test the very bytes the image ships instead
 *   of building the site a second and third time.
 *
 * CLI (`npm run test:image`): makes a Docker engine available (`ensureDocker`), builds
 * {@link IMAGE}, copies its build to BUILD_DIR (default `.builds/test`) and prunes images no tag
 * holds. An engine it had to start keeps running for the stages after it; its process id is
 * written to DOCKER_ENGINE_PID_FILE when that is set, so the caller can stop it (scripts/test.ts).
 * Exit 1 when the engine, the build or the copy fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDocker } from '../../scripts/ensure-docker.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Tag of the image under test. */
export const IMAGE = 'story-voice-site:test';
/** Tag of the Dockerfile's `build` stage of the same build (keeps its layers cached). */
export const BUILD_STAGE_IMAGE = 'story-voice-site:test-build';

/** Runs `docker build` with its errors on this terminal. @throws Error when it fails. */
function dockerBuild(args: string[]): void {
  const r = spawnSync('docker', ['build', '--network', 'host', ...args, '.'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`docker build ${args.join(' ')} failed (exit ${r.status})`);
}

/**
 * Builds {@link IMAGE} (and tags its build stage {@link BUILD_STAGE_IMAGE}) on `nodeImage`.
 * @returns seconds the two builds took (the second reuses every layer of the first)
 * @throws Error when a build fails
 */
export function buildImage(nodeImage: string): number {
  const started = performance.now();
  const base = ['--build-arg', `NODE_IMAGE=${nodeImage}`];
  dockerBuild([...base, '--target', 'build', '-t', BUILD_STAGE_IMAGE]);
  dockerBuild([...base, '-t', IMAGE]);
  return (performance.now() - started) / 1000;
}

/**
 * Copies the image's `/app/dist` to `dir`, replacing what was there (through a sibling
 * directory, so `dir` never holds half a build).
 * @throws Error when the container cannot be created or the copy fails
 */
export function copyBuildOut(image: string, dir: string): void {
  const name = `sv-dist-${process.pid}`;
  const run = (args: string[]) => {
    const r = spawnSync('docker', args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`docker ${args.join(' ')}: ${r.stderr}`);
  };
  const next = `${dir}.next`;
  rmSync(next, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  run(['create', '--name', name, image]);
  try {
    run(['cp', `${name}:/app/dist`, next]);
  } finally {
    spawnSync('docker', ['rm', '-f', name], { stdio: 'ignore' });
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(next, dir);
}

/** Removes images no tag holds any more (earlier builds of the two tags): vfs keeps whole copies. */
export function pruneUntagged(): void {
  spawnSync('docker', ['image', 'prune', '-f'], { stdio: 'ignore' });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const docker = await ensureDocker();
  try {
    const pidFile = process.env['DOCKER_ENGINE_PID_FILE'];
    if (docker.startedEngine && docker.pid !== undefined && pidFile) {
      writeFileSync(pidFile, `${docker.pid}\n`);
    }
    const seconds = buildImage(docker.nodeImage);
    console.log(`docker build: ${seconds.toFixed(0)} s (${IMAGE} on ${docker.nodeImage})`);
    const dir = resolve(process.env['BUILD_DIR'] ?? join(ROOT, '.builds/test'));
    copyBuildOut(IMAGE, dir);
    pruneUntagged();
    console.log(`the image's build copied to ${dir}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    await docker.stop();
    process.exit(1);
  }
  // The engine keeps running for the stages that use the image; the caller stops it.
}
