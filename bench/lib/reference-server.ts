/**
 * The reference servers `npm run bench:ssr` compares the site with, each serving the very same
 * HTML files (one per page) in its own process:
 *
 * - `static`: Express with `compression` in front of `express.static` — what a plain Express
 *   site serving prebuilt pages does (gzip per request, level 6);
 * - `bare`: `node:http` sending a gzip body compressed once at start — close to the most a Node
 *   process can do for a page.
 *
 * Usage: `node bench/lib/reference-server.ts <static|bare> <port> <dir>`; `<dir>` holds
 * `<name>.html` files served at `/<name>.html`. Prints `ready` when listening.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';

const [mode, portText, dir = '.'] = process.argv.slice(2);
const port = Number(portText);

if (mode === 'static') {
  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  app.use(express.static(dir));
  app.listen(port, '127.0.0.1', () => console.log('ready'));
} else if (mode === 'bare') {
  const bodies = new Map<string, Buffer>();
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
    bodies.set(`/${name}`, gzipSync(readFileSync(join(dir, name)), { level: 9 }));
  }
  createServer((req, res) => {
    const body = bodies.get(req.url ?? '');
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'gzip',
      'content-length': body.length,
      vary: 'Accept-Encoding',
    });
    res.end(body);
  }).listen(port, '127.0.0.1', () => console.log('ready'));
} else {
  console.error('usage: reference-server.ts <static|bare> <port> <dir>');
  process.exit(2);
}
