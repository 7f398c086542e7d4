/**
 * The server's one logger: structured JSON lines on stdout with pino. Lines carry ids
 * (submission, outbox), never a visitor's message or e-mail address: the redact list below is a
 * second line of defence for anyone who logs a whole object by mistake.
 */
import { pino, type Logger } from 'pino';
import type { Env } from './env.ts';

export type { Logger };

/**
 * A pino logger named `site`.
 *
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
