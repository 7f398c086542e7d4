/**
 * The server's one logger, JSON lines on stdout. Lines carry ids, never a visitor's message or
 * address; the redact list is a second defence against logging a whole object by mistake.
 */
import { pino, type Logger } from 'pino';
import type { Env } from './env.ts';

export type { Logger };

/**
 * @param level `LOG_LEVEL` as parsed by `src/server/env.ts` (`silent` in tests)
 */
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
