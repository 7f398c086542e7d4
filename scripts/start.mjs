/**
 * `npm start`: builds the site when `dist/` is missing or older than the sources, then runs the
 * production server (server/index.mjs) in this process's Node (the project's node@24).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const outDir = process.env.ASTRO_OUT_DIR ?? join(root, 'dist');
const built = join(outDir, 'server/entry.mjs');

/** Newest modification time (ms) under `dir`, skipping nothing but missing paths. */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  const st = statSync(dir);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(dir).reduce((m, name) => Math.max(m, newest(join(dir, name))), st.mtimeMs);
}

const sourcesChanged = () => {
  const builtAt = statSync(built).mtimeMs;
  return ['src', 'public', 'astro.config.mjs', 'package-lock.json'].some(
    (p) => newest(join(root, p)) > builtAt,
  );
};

if (!existsSync(built) || sourcesChanged()) {
  const r = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import('../server/index.mjs');
