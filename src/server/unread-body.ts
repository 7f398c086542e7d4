/**
 * Refusing a request without reading its body, so that a client still sending the body can read
 * the refusal: the close in stages of RFC 9112 §9.6
 * (https://www.rfc-editor.org/rfc/rfc9112#section-9.6). The answer goes out at once with
 * `Connection: close`; the rest of the body is read and thrown away; only then is the response
 * ended, and Node closes the connection. Ending it at once would let Node close a socket the
 * client is still writing to (it does so right after a response when either side said `close`:
 * `resOnFinish` in https://github.com/nodejs/node/blob/v24.x/lib/_http_server.js), and a socket
 * closed with unread bytes makes the kernel send a reset, which can discard the answer before the
 * client reads it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** How much of a refused body is read before the connection is closed anyway. */
export interface DrainLimits {
  /** Bytes of body read and thrown away. */
  bytes: number;
  /** ms from the answer. */
  ms: number;
}

/**
 * 8 MiB or 5 s, whichever comes first: a form pasted with a few megabytes by mistake is drained
 * on any ordinary connection; a client that keeps sending, or stalls, is cut off.
 */
export const DRAIN_LIMITS: DrainLimits = { bytes: 8 * 2 ** 20, ms: 5_000 };

/** A body follows the headers: https://www.rfc-editor.org/rfc/rfc9112#section-6.3. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Sends `text` as the whole answer, with the status and headers already set on `res`, to a
 * request whose body will not be used. A body that has already arrived (`req.complete`) is left
 * to Node, which discards it; otherwise the answer says `Connection: close`, the body is read
 * and thrown away, never held, and the response ends when the body ends, when the request closes,
 * or at `limits`, whichever comes first.
 */
export function answerUnreadBody(
  req: IncomingMessage,
  res: ServerResponse,
  text: string,
  limits: DrainLimits = DRAIN_LIMITS,
): void {
  const bytes = Buffer.from(text);
  res.setHeader('Content-Length', bytes.length);
  if (req.complete || !hasBody(req)) {
    res.end(bytes);
    return;
  }
  res.setHeader('Connection', 'close');
  res.write(bytes);
  let read = 0;
  const count = (chunk: Buffer) => {
    read += chunk.length;
    if (read > limits.bytes) finish();
  };
  const timer = setTimeout(finish, limits.ms);
  function finish() {
    clearTimeout(timer);
    req.off('data', count).off('end', finish).off('close', finish);
    if (!res.writableEnded) res.end();
  }
  req.on('data', count).once('end', finish).once('close', finish);
}
