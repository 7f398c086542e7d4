/** The last handler: a plain-text 4xx with its reason, a 500 without details (logged). */
import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { refuse } from './request-guards.ts';

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: { status?: number; expose?: boolean; message?: string }, _req, res, next) => {
    const status = Number(err.status ?? 500);
    if (status >= 500) logger.error({ err }, 'request failed');
    if (res.headersSent) return next(err);
    const reasons: Record<number, string> = {
      413: 'Content Too Large: the form may be at most 64 KB.',
      415: 'Unsupported Media Type: send the form as form data.',
    };
    const text = status >= 500 ? 'Internal Server Error' : err.expose ? String(err.message) : '';
    refuse(res, status, reasons[status] ?? (text || (STATUS_CODES[status] ?? 'Bad Request')));
  };
}
