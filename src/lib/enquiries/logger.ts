/**
 * Structured JSON logs with pino. Pipeline logs carry submission and outbox ids,
 * never the visitor's message or email: the redact list below is a second line of defence for
 * anyone who logs a whole object by mistake.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

/** A pino logger named `enquiries`; LOG_LEVEL (default info, 'silent' in tests) sets the level. */
export function createLogger(level = process.env['LOG_LEVEL'] ?? 'info'): Logger {
  return pino({
    name: 'enquiries',
    level,
    redact: {
      // Not top-level 'name': that is pino's own logger-name field.
      paths: ['email', 'message', 'subject', '*.email', '*.message', '*.name', '*.subject'],
      censor: '[redacted]',
    },
  });
}
