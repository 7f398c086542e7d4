/**
 * `npm start`: builds the site when the build is missing or older than the sources, then runs
 * the production server bundle (`<build>/server/server.js`, made from `server.ts` by
 * `npm run build`; docs/decisions/010-server-bundle.md) in this process's Node (the project's
 * node@24) on http://localhost:3000 (PORT and HOST change that; SITE_URL defaults to that
 * origin). Stack traces point into the sources through the bundle's source maps.
 *
 * Exit 1 when the build fails; otherwise the server's own exit code.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { withLocalDefaults } from '../src/server/env.ts';

const root = resolve(import.meta.dirname, '..');
const buildDir = resolve(root, process.env['BUILD_DIR'] ?? 'dist');
const bundle = join(buildDir, 'server/server.js');

/** Newest modification time (ms) under `path`; 0 when it does not exist. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), st.mtimeMs);
}

/** Everything the build reads: the client and the server bundles come from these. */
const SOURCES = [
  'src',
  'public',
  'server.ts',
  'src/server/enquiries/cli.ts',
  'vite.config.ts',
  'react-router.config.ts',
  'scripts/build.ts',
  'package-lock.json',
];
const stale = () => {
  const builtAt = statSync(bundle).mtimeMs;
  return SOURCES.some((p) => newest(join(root, p)) > builtAt);
};

if (!existsSync(bundle) || stale()) {
  const r = spawnSync(process.execPath, [join(root, 'scripts/build.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
process.env['NODE_ENV'] = 'production';
// Production requires the canonical origin; on a machine of one's own it is this server's own.
const local = withLocalDefaults(process.env)['SITE_URL'];
if (local) process.env['SITE_URL'] = local;
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
