/**
 * Production HTTP server: the Astro node adapter's standalone handler (static files + on-demand
 * routes) wrapped in our own `http.Server` so that headers, compression, health checks and
 * graceful shutdown are ours to control.
 *
 * Env: PORT (default 4321), HOST (default localhost), ASTRO_OUT_DIR (default ./dist).
 */
import http from 'node:http';
import { decorate } from './response-headers.mjs';

// The built entry would otherwise start its own server on import.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
const outDir = resolve(process.env.ASTRO_OUT_DIR ?? new URL('../dist', import.meta.url).pathname);
const { handler } = await import(pathToFileURL(resolve(outDir, 'server/entry.mjs')).href);

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';

const server = http.createServer((req, res) => {
  decorate(req, res);
  handler(req, res);
});

server.listen(port, host, () => {
  console.log(JSON.stringify({ level: 'info', msg: `listening on http://${host}:${port}` }));
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
