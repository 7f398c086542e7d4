/** Before any route: 405, or 400 for a target not in origin form, a bad `Host`, an undecodable path. */
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { HOST_PATTERN, originFormTarget } from '../request-target.ts';
import { answerUnreadBody } from '../unread-body.ts';

/** Anything else is 405 (TRACE included). */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'] as const;

export const isRead = (req: IncomingMessage): boolean =>
  req.method === 'GET' || req.method === 'HEAD';

/** No documents: https://reactrouter.com/explanation/lazy-route-discovery, and route data. */
export const frameworkPath = (path: string): boolean =>
  path.endsWith('.data') || path === '/__manifest';

/**
 * The verdict kept on the request itself: a WeakMap keyed by every request costs each young
 * generation collection an ephemeron per request in flight, measurable under load.
 */
const HOST_VERDICT = Symbol('wellFormedHost');
type Judged = IncomingMessage & { [HOST_VERDICT]?: boolean };

/** One well-formed `Host` (https://www.rfc-editor.org/rfc/rfc9112#section-3.2) or none (HTTP/1.0). */
export function wellFormedHost(req: Judged): boolean {
  const known = req[HOST_VERDICT];
  if (known !== undefined) return known;
  const lines = req.headersDistinct['host'];
  const match = lines?.length === 1 ? HOST_PATTERN.exec(lines[0] ?? '') : null;
  const port = Number(match?.[1] ?? 1);
  const verdict = lines === undefined || (match !== null && port >= 1 && port <= 65_535);
  req[HOST_VERDICT] = verdict;
  return verdict;
}

/** A plain-text, uncached refusal that a client still sending a body can read (`../unread-body.ts`). */
export function refuse(res: Response, status: number, text: string): void {
  res.status(status).type('text/plain; charset=utf-8').set('Cache-Control', 'no-store');
  answerUnreadBody(res.req, res, text);
}

/** 405, 400, or 204 with `Allow` for `OPTIONS`. */
export const requestGuards: RequestHandler = (req: Request, res, next) => {
  const allowed = (ALLOWED_METHODS as readonly string[]).includes(req.method);
  if (req.method === 'OPTIONS' || !allowed) res.set('Allow', ALLOWED_METHODS.join(', '));
  if (req.method === 'OPTIONS') return void res.status(204).set('Cache-Control', 'no-store').end();
  if (!allowed) return refuse(res, 405, 'Method Not Allowed');
  if (!originFormTarget(req)) return refuse(res, 400, 'Bad Request: malformed request target.');
  if (!wellFormedHost(req)) return refuse(res, 400, 'Bad Request: malformed Host header.');
  try {
    decodeURIComponent(req.path);
  } catch {
    return refuse(res, 400, 'Bad Request: malformed path.');
  }
  next();
};
