/**
 * `npm run build`: the production build (spec §9) into BUILD_DIR (default `dist`):
 * Vite's client and server environments (vite.config.ts).
 *
 * Exit 1 when any step fails (a content error names the file and the field).
 */
import { createBuilder } from 'vite';

// A production build whatever the caller's NODE_ENV (Vitest sets `test`, which would otherwise
// select React's development JSX runtime).
process.env['NODE_ENV'] = 'production';
const builder = await createBuilder({
  mode: 'production',
  logLevel: process.env['BUILD_LOG_LEVEL'] === 'silent' ? 'silent' : 'info',
});
await builder.buildApp();
