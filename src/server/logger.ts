/** Lines carry ids, never a visitor's text; the redact list is a second defence. */
import { pino, type Logger } from 'pino';
import type { Env } from './env.ts';

export type { Logger };

export function createLogger(level: Env['LOG_LEVEL']): Logger {
  return pino({
    name: 'site',
    level,
    redact: {
      // Not top-level 'name': that is pino's own logger-name field.
      paths: ['email', 'message', 'subject', '*.email', '*.message', '*.name', '*.subject'],
      censor: '[redacted]',
    },
  });
}
