/**
 * Builds the site for tests and benchmarks into `.builds/<name>` (never `dist/`), with the same
 * script as `npm run build`, in a child process so the caller's module graph stays clean.
 *
 * Usage: `node tests/support/build.ts <name>` or `import { buildSite }`.
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
/** The project's own Node 24 (the machine's `node` may be older). */
export const NODE = join(ROOT, 'node_modules/.bin/node');

/**
 * @param name folder name under `.builds`
 * @returns the absolute build directory (holds `client/` and `server/`)
 * @throws Error with the build's output when it fails
 */
export function buildSite(name: string): string {
  const dir = join(ROOT, '.builds', name);
  execFileSync(NODE, [join(ROOT, 'scripts/build.ts')], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR: dir, BUILD_LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return dir;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(buildSite(process.argv[2] ?? 'manual'));
}
