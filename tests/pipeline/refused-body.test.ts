/**
 * A refused body, as a client that writes all of it before reading sees it: the production server
 * (`server.ts` + the build) on a port, a raw socket that sends a 5 MiB form body to the contact
 * form and to the staff inbox, with a declared length (413) or chunked (411), with and without
 * `Connection: close`, and reads the answer only when the whole body is written
 * (https://www.rfc-editor.org/rfc/rfc9112#section-9.6; `src/server/unread-body.ts`). A client
 * that keeps sending past the drain's limit is cut off.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DRAIN_LIMITS } from '../../src/server/unread-body.ts';
import { freePort } from '../../scripts/lib/postgres.ts';
import { startServer, type RunningServer } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

const BODY_BYTES = 5 * 2 ** 20;
const PIECE = Buffer.alloc(64 * 1024, 'x');

interface Exchange {
  /** The answer's status line and headers, as read. */
  head: string;
  /** Body bytes written before the connection ended or the body was done. */
  written: number;
  /** The socket error the client saw, if any (EPIPE, ECONNRESET). */
  error?: string;
}

/**
 * Sends a POST of `total` body bytes (`Infinity`: until the server stops it), all written before
 * anything is read; then reads until the server closes.
 */
function post(
  port: number,
  path: string,
  options: { chunked: boolean; close: boolean; total?: number; origin: string; method?: string },
): Promise<Exchange> {
  const total = options.total ?? BODY_BYTES;
  const socket = net.connect(port, '127.0.0.1');
  socket.pause();
  const received: Buffer[] = [];
  let written = 0;
  let error: string | undefined;
  socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
  const closed = new Promise<void>((done) => socket.once('close', () => done()));
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  const declared = Number.isFinite(total) ? total : 2 ** 40;
  socket.write(
    `${options.method ?? 'POST'} ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${options.origin}\r\n` +
      'Content-Type: application/x-www-form-urlencoded\r\n' +
      (options.close ? 'Connection: close\r\n' : '') +
      (options.chunked ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${declared}\r\n`) +
      '\r\n',
  );
  const frame = (piece: Buffer) =>
    options.chunked
      ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
      : piece;
  return (async () => {
    while (written < total && !socket.destroyed && error === undefined) {
      const piece = PIECE.subarray(0, Math.min(PIECE.length, total - written));
      const flushed = socket.write(frame(piece));
      written += piece.length;
      if (!flushed) {
        await new Promise<void>((go) => {
          socket.once('drain', go);
          void closed.then(go);
        });
      }
    }
    if (options.chunked && !socket.destroyed) socket.write('0\r\n\r\n');
    socket.resume();
    await closed;
    const head = Buffer.concat(received).toString('latin1').split('\r\n\r\n')[0] ?? '';
    return { head, written, ...(error === undefined ? {} : { error }) };
  })();
}

describe('a refused body, written whole before the answer is read', () => {
  let srv: RunningServer;
  let port: number;
  let origin: string;

  beforeAll(async () => {
    port = await freePort();
    // A host name, not an IP, so the staff inbox is on (passkeys need one).
    origin = `http://localhost:${port}`;
    srv = await startServer(inject('buildDir'), {
      PORT: String(port),
      SITE_URL: origin,
      DATA_DIR: tempDir('refused-body'),
    });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  for (const path of ['/contact', '/staff/sign-in']) {
    for (const chunked of [false, true]) {
      for (const close of [true, false]) {
        const status = chunked ? 411 : 413;
        const how = `${chunked ? 'chunked' : 'declared'}, ${close ? 'Connection: close' : 'keep-alive'}`;
        it(`${path}, 5 MiB ${how}: the client reads ${status}`, async () => {
          const r = await post(port, path, { chunked, close, origin });
          expect(r.head.split('\r\n')[0], JSON.stringify(r)).toBe(
            `HTTP/1.1 ${status} ${status === 411 ? 'Length Required' : 'Payload Too Large'}`,
          );
          expect(r.written).toBe(BODY_BYTES);
          expect(r.head).toMatch(/^Connection: close$/im);
        });
      }
    }
  }

  it('a 5 MiB PUT, refused before any route, still lets the client read its 405', async () => {
    const r = await post(port, '/contact', { chunked: false, close: true, origin, method: 'PUT' });
    expect(r.head.split('\r\n')[0], JSON.stringify(r)).toBe('HTTP/1.1 405 Method Not Allowed');
    expect(r.written).toBe(BODY_BYTES);
    expect(r.head).toMatch(/^Allow: GET, HEAD, POST$/im);
  });

  it('a body that does not end is cut off after the drain limit, not read on', async () => {
    const started = performance.now();
    const r = await post(port, '/contact', {
      chunked: false,
      close: true,
      total: Infinity,
      origin,
    });
    // Whatever the socket buffers hold on both sides (a few MiB on loopback) beyond the limit.
    expect(r.written).toBeGreaterThan(DRAIN_LIMITS.bytes);
    expect(r.written).toBeLessThan(DRAIN_LIMITS.bytes + 32 * 2 ** 20);
    expect(performance.now() - started).toBeLessThan(DRAIN_LIMITS.ms);
  });

  it('a body that trickles is cut off after the drain time, answered first', async () => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => {});
    const started = performance.now();
    const closed = new Promise<number>((done) =>
      socket.once('close', () => done(performance.now() - started)),
    );
    socket.write(
      `POST /contact HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${origin}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${BODY_BYTES}\r\n\r\n` +
        'message=',
    );
    // A byte every 200 ms: never idle long enough for Node's keep-alive or socket timeouts.
    const trickle = setInterval(() => socket.write('x'), 200);
    const limit = DRAIN_LIMITS.ms + 2_000;
    const after = await Promise.race([
      closed,
      new Promise<number>((done) => setTimeout(() => done(Infinity), limit)),
    ]);
    clearInterval(trickle);
    socket.destroy();
    expect(Buffer.concat(received).toString('latin1')).toMatch(/^HTTP\/1\.1 413 /);
    expect(after).toBeGreaterThanOrEqual(DRAIN_LIMITS.ms - 50);
    // Node's own request timeout (30 s, `server.ts`) would come far later.
    expect(after).toBeLessThan(limit);
  });
});
