/**
 * A build of an earlier commit, for benches that compare a change with its baseline in the same
 * run (the machine is shared and noisy: figures taken on different days do not compare), or
 * just its checkout, for benches that run its code in process.
 *
 * The commit is checked out from this repository's git with `git worktree add --detach` into
 * `.builds/baseline-<sha>/src` and built there by its own `scripts/build.ts` into
 * `.builds/baseline-<sha>/dist`. Its dependencies are this checkout's `node_modules` when the two
 * lock files are identical, otherwise its own `npm ci`. Both are kept and reused by later runs.
 * The result is served by the build's own bundled server (`dist/server/server.js`,
 * docs/decisions/010-server-bundle.md), so the baseline runs the baseline's server code too.
 *
 * @throws Error when the commit is unknown, or its install or build fails
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './bench-server.ts';

/** A built baseline. */
export interface BaselineBuild {
  /** The full commit id. */
  sha: string;
  /** The build folder (`dist` of the baseline). */
  buildDir: string;
  /** Its bundled production server, to run with Node. */
  serverScript: string;
}

function git(args: string[], cwd = ROOT): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr.trim()}`);
  return r.stdout.trim();
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): void {
  const r = spawnSync(command, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} in ${cwd} failed`);
}

/** A baseline's source, checked out with its dependencies. */
export interface BaselineSource {
  /** The full commit id. */
  sha: string;
  /** Its work tree (`.builds/baseline-<sha>/src`). */
  source: string;
}

/**
 * Checks out `ref` (a commit, tag or branch) with its dependencies, or reuses an earlier
 * checkout of it; for benches that run its code in process (`bench/inbox.ts`).
 * @param ref e.g. `8f74b4b` or `main~3`
 */
export function checkoutBaseline(ref: string): BaselineSource {
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const source = join(ROOT, '.builds', `baseline-${sha.slice(0, 12)}`, 'src');
  if (!existsSync(source)) git(['worktree', 'add', '--detach', '--force', source, sha]);
  if (!existsSync(join(source, 'node_modules'))) {
    const lock = (dir: string) => readFileSync(join(dir, 'package-lock.json'), 'utf8');
    if (lock(source) === lock(ROOT))
      symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'));
    else run('npm', ['ci', '--no-audit', '--no-fund'], source);
  }
  return { sha, source };
}

/**
 * Checks out and builds `ref` (a commit, tag or branch), or reuses an earlier build of it.
 * @param ref e.g. `8f74b4b` or `main~3`
 */
export function buildBaseline(ref: string): BaselineBuild {
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const buildDir = join(ROOT, '.builds', `baseline-${sha.slice(0, 12)}`, 'dist');
  const serverScript = join(buildDir, 'server/server.js');
  if (existsSync(serverScript)) return { sha, buildDir, serverScript };
  const { source } = checkoutBaseline(sha);
  console.log(`Building the baseline ${sha.slice(0, 7)} into ${buildDir} …`);
  run(process.execPath, [join(source, 'scripts/build.ts')], source, {
    BUILD_DIR: buildDir,
    BUILD_LOG_LEVEL: 'silent',
  });
  if (!existsSync(serverScript)) throw new Error(`the baseline build has no ${serverScript}`);
  return { sha, buildDir, serverScript };
}
