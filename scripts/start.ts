/**
 * `npm start`: builds the site when the build is missing or older than the sources, then runs
 * the production server (`server.ts`) in this process's Node (the project's node@24) on
 * http://localhost:3000 (PORT and HOST change that), with SITE_URL defaulting to that address.
 *
 * Exit 1 when the build fails; otherwise the server's own exit code.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const buildDir = resolve(root, process.env['BUILD_DIR'] ?? 'dist');
const built = join(buildDir, 'server/entry-server.js');

/** Newest modification time (ms) under `path`; 0 when it does not exist. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), st.mtimeMs);
}

const stale = () => {
  const builtAt = statSync(built).mtimeMs;
  return ['src', 'public', 'vite.config.ts', 'scripts/build.ts', 'package-lock.json'].some(
    (p) => newest(join(root, p)) > builtAt,
  );
};

if (!existsSync(built) || stale()) {
  const r = spawnSync(process.execPath, [join(root, 'scripts/build.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
process.env['NODE_ENV'] = 'production';
// Production needs its public origin (src/server/env.ts); on a laptop that is this server.
process.env['SITE_URL'] ||= `http://localhost:${process.env['PORT'] || 3000}`;
await import('../server.ts');
