/** Refusal without reading the body, closing in stages (https://www.rfc-editor.org/rfc/rfc9112#section-9.6):
 * ending at once lets Node close a socket the client still writes to, and a reset can lose the answer. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** How much of a refused body is read before the connection is closed anyway. */
export interface DrainLimits {
  /** Bytes of body read and thrown away. */
  bytes: number;
  /** ms from the answer. */
  ms: number;
}

/** 8 MiB or 5 s: a form pasted with megabytes is drained; a client that keeps sending or stalls is cut off. */
export const DRAIN_LIMITS: DrainLimits = { bytes: 8 * 2 ** 20, ms: 5_000 };

/** A body follows the headers: https://www.rfc-editor.org/rfc/rfc9112#section-6.3. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Sends `text` with `Connection: close`, draining the body up to `limits`; a complete body is left to Node. */
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
