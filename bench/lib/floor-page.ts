/**
 * The floor of `npm run bench:pages`: a trivial page (240 short paragraphs, no CSS, no script)
 * served with the site's own response headers, so Lighthouse's figures for it show what the
 * browser and the harness cost on this machine before any of the site's work. A second path
 * serves it without `Cross-Origin-Opener-Policy`: with that header the browser swaps to a new
 * browsing context group (https://html.spec.whatwg.org/multipage/browsers.html#cross-origin-opener-policies),
 * and on a two-core machine the longer navigation commit lands partly after the first
 * contentful paint in Lighthouse's simulation, where it counts as blocking time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The trivial document (about 8 KB): valid, titled, in the site's language. */
export const FLOOR_HTML =
  '<!DOCTYPE html><html lang="en-IN"><head><meta charset="utf-8"/>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"/>' +
  '<title>Floor</title><meta name="description" content="A trivial page"/></head><body><main>' +
  '<h1>Floor</h1>' +
  '<div><p>Some text here</p></div>'.repeat(240) +
  '</main></body></html>';

/** Paths of the floor server. */
export const FLOOR_PATHS = { withHeaders: '/', withoutCoop: '/without-coop' } as const;

/** Headers of the site's response not copied: the body's own and the connection's. */
const NOT_COPIED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'vary',
  'last-modified',
]);

/**
 * Serves {@link FLOOR_HTML} on 127.0.0.1 with `siteHeaders` (a response of the site's).
 *
 * @returns the server's origin and a function that closes it
 */
export async function startFloorServer(siteHeaders: Headers): Promise<LoopbackServer> {
  const copied: Record<string, string> = {};
  siteHeaders.forEach((value, name) => {
    if (!NOT_COPIED.has(name.toLowerCase())) copied[name] = value;
  });
  const server: Server = createServer((req, res) => {
    const headers = { ...copied };
    if (req.url === FLOOR_PATHS.withoutCoop) delete headers['cross-origin-opener-policy'];
    else if (req.url !== FLOOR_PATHS.withHeaders) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
    res.end(FLOOR_HTML);
  });
  return listenOnLoopback(server);
}

/** A bench helper server: its origin and a function that closes it. */
export interface LoopbackServer {
  origin: string;
  close: () => Promise<void>;
}

/**
 * Listens on a free port of 127.0.0.1 (a port of its own, so the browser shares no connection
 * or cache entry with another origin of the bench).
 *
 * @returns the server's origin, and `close`, which also ends the connections the browser keeps
 *   open (`close()` alone would wait for them)
 */
export async function listenOnLoopback(server: Server): Promise<LoopbackServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
