/**
 * The server bundle's entry (`dist/server/entry.mjs`), used in place of `@astrojs/node/server.js`
 * by {@link ./app-entry.ts}. It re-exports everything the adapter's own entry exports (`handler`,
 * `options`, `startServer`: standalone mode, unchanged) and adds what `server/index.mjs` needs to
 * answer Astro Action requests (`POST /_actions/<name>`) without the adapter's static-file step:
 *
 * - `app`: the Astro app (`createApp`, as the adapter builds it);
 * - `createRequestFromNodeRequest`, `writeResponse`: Astro's Node request/response bridge, the
 *   same functions the adapter's app handler uses, from the same bundle.
 *
 * Why: the standalone handler first tries every request as a static file (an `lstat`, a second
 * `Request` object to look up static headers, a `send` stat that fails) before rendering it. For
 * an action that is pure overhead: measured with `npm run bench:enquiries`, skipping it raised
 * SQLite throughput from about 830 to about 1,130 submissions/s on the 2-core machine (issue #3).
 */
export { handler, options, startServer } from '@astrojs/node/server.js';
export { createRequestFromNodeRequest, writeResponse } from 'astro/app/node';
import { createApp } from 'astro/app/entrypoint';

/** The Astro app that renders on-demand routes and actions (streaming, as in the adapter). */
export const app = createApp({ streaming: true });
