/**
 * Production HTTP server: the Astro node adapter's standalone handler (static files + on-demand
 * routes) wrapped in our own `http.Server` so that headers, body limits, health checks and
 * graceful shutdown are ours to control (issue #3 §2, §7).
 *
 * - `GET /healthz`: 200 only when the enquiry store answers; 503 otherwise.
 * - Action endpoints (`/_actions/*`, `?_action=`): body ≤ 64 KB (413), content type form or
 *   JSON (415). The body is read here and handed to Astro as `req.body`.
 * - SIGTERM/SIGINT: stop accepting, finish in-flight requests and the outbox delivery under
 *   way, close the store, exit 0 (forced exit after SHUTDOWN_TIMEOUT_MS, default 25 s).
 * - The enquiry runtime (store, outbox worker, SMTP_URL warning) is loaded from
 *   src/lib/enquiries/runtime.ts with Node's type stripping; it registers itself on globalThis
 *   so the built action uses the very same instance (see that file for why).
 *
 * Env: PORT (default 4321), HOST (default localhost), ASTRO_OUT_DIR (default ./dist), plus the
 * pipeline variables of contracts.md.
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { decorate } from './response-headers.mjs';

// The built entry would otherwise start its own server on import.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const outDir = resolve(process.env.ASTRO_OUT_DIR ?? new URL('../dist', import.meta.url).pathname);
const { getRuntime } = await import('../src/lib/enquiries/runtime.ts');
const runtime = getRuntime();
try {
  await runtime.ready;
} catch {
  // runtime already logged the cause; a server that cannot store enquiries must not start.
  process.exit(1);
}
const { handler, options, app, createRequestFromNodeRequest, writeResponse } = await import(
  pathToFileURL(resolve(outDir, 'server/entry.mjs')).href
);

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';
const BODY_LIMIT = 64 * 1024;
const ACCEPTED_TYPES = [
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json',
];
const log = runtime.logger;

/**
 * The actions src/actions/index.ts defines. Anything else addressed as an action is answered
 * 404 here: Astro would throw (→ 500) for a name that resolves to a namespace object.
 */
const KNOWN_ACTIONS = new Set(['contact.submit']);

/**
 * For requests that address an Astro Action (RPC route, or a POST with `?_action=`), the
 * action name; null for every other request.
 */
function actionName(req) {
  if (req.method !== 'POST') return null;
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname.startsWith('/_actions/')) return url.pathname.slice('/_actions/'.length);
  return url.searchParams.has('_action') ? url.searchParams.get('_action') : null;
}

/**
 * Render an Astro Action RPC request (`POST /_actions/<name>`) with the app directly, as the
 * adapter's app handler does, skipping its static-file step (src/integrations/server-entry.mjs).
 * The body has been read and checked already (`req.body`). Errors propagate to the caller, which
 * answers 400 (before headers) or destroys the socket.
 */
async function renderAction(req, res) {
  const request = createRequestFromNodeRequest(req, {
    allowedDomains: app.getAllowedDomains?.() ?? [],
    bodySizeLimit: BODY_LIMIT,
    port: options.port,
  });
  await writeResponse(await app.render(request, { addCookieHeader: true }), res);
}

/** Plain-text error answer. */
function reject(res, status, text, extra = {}) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    Connection: 'close',
    ...extra,
  });
  res.end(text);
}

/** Read at most BODY_LIMIT bytes; resolves null when the limit is exceeded. */
function readBody(req) {
  return new Promise((resolvePromise, rejectPromise) => {
    const chunks = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk) => {
      if (over) return;
      size += chunk.length;
      if (size > BODY_LIMIT) {
        over = true;
        resolvePromise(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolvePromise(Buffer.concat(chunks));
    });
    req.on('error', rejectPromise);
  });
}

async function healthz(res) {
  let timer;
  try {
    await Promise.race([
      runtime.store.ping(),
      new Promise((_, fail) => (timer = setTimeout(() => fail(new Error('timeout')), 2000))),
    ]);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify({ status: 'ok', store: runtime.store.kind }));
  } catch {
    res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify({ status: 'unavailable', store: runtime.store.kind }));
  } finally {
    clearTimeout(timer);
  }
}

async function handle(req, res) {
  decorate(req, res);
  if (shuttingDown) res.setHeader('Connection', 'close');
  if (req.url === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
    return healthz(res);
  }
  const action = actionName(req);
  if (action !== null) {
    if (!KNOWN_ACTIONS.has(action)) return reject(res, 404, 'Not Found: no such action.');
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!ACCEPTED_TYPES.includes(type)) {
      return reject(res, 415, 'Unsupported Media Type: send the form as form data or JSON.');
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > BODY_LIMIT) {
      return reject(res, 413, 'Content Too Large: the form may be at most 64 KB.');
    }
    const body = await readBody(req);
    if (body === null) return reject(res, 413, 'Content Too Large: the form may be at most 64 KB.');
    // Astro answers malformed JSON with a 500; it is the client's mistake, so say 400 here.
    if (type === 'application/json' && body.length > 0) {
      try {
        JSON.parse(body.toString('utf8'));
      } catch {
        return reject(res, 400, 'Bad Request: the JSON body is malformed.');
      }
    }
    // The adapter uses a pre-read body as is (see astro/dist/core/app/node.js makeRequestBody).
    req.body = body;
    // Page POSTs (`?_action=`, the no-JavaScript form) keep the adapter's full path below.
    if (req.url?.startsWith('/_actions/')) return renderAction(req, res);
  }
  return handler(req, res);
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => {
    log.error({ err: String(err) }, 'request failed');
    if (!res.headersSent) reject(res, 400, 'Bad Request');
    else res.destroy();
  });
});
// Huge or slow headers: Node answers 431 / 408 itself.
server.headersTimeout = 20_000;
server.requestTimeout = 30_000;

server.listen(port, host, () => {
  log.info({ url: `http://${host}:${port}`, store: runtime.store.kind }, 'listening');
});

let shuttingDown = false;
async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info({ signal }, 'shutting down: draining requests and the outbox delivery under way');
  const force = setTimeout(
    () => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    },
    Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 25_000),
  );
  force.unref();
  const closed = new Promise((done) => server.close(() => done()));
  // Keep-alive sockets become idle once their in-flight response is done; close them promptly
  // instead of waiting for the keep-alive timeout.
  server.closeIdleConnections();
  const sweeper = setInterval(() => server.closeIdleConnections(), 100);
  await closed;
  clearInterval(sweeper);
  await runtime.close();
  log.info('stopped');
  process.exit(0);
}
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => void shutdown(signal));
