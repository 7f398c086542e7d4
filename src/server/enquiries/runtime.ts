/**
 * The enquiry pipeline of one server process: its configuration, secret, store (SQLite or
 * PostgreSQL), logger, clock and outbox worker, made once by `server.ts` (or a test) and passed
 * to whatever needs it. Nothing here reads `process.env`: the values come parsed from
 * `src/server/env.ts`.
 */
import { join, resolve } from 'node:path';
import type { Env, StoreEnv } from '../env.ts';
import type { Logger } from '../logger.ts';
import { createSmtpNotifier, type Notifier } from './mailer.ts';
import { OutboxWorker } from './outbox.ts';
import { PgStore } from './pg-store.ts';
import { loadSecret } from './secret.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { SubmissionStore } from './store.ts';

/** The variables the pipeline uses, as parsed by `src/server/env.ts`. */
export type EnquiryConfig = StoreEnv &
  Pick<
    Env,
    | 'SMTP_URL'
    | 'NOTIFY_TO'
    | 'NOTIFY_FROM'
    | 'RATE_LIMIT_MAX'
    | 'RATE_LIMIT_WINDOW_MS'
    | 'FORM_MIN_FILL_MS'
    | 'FORM_SECRET'
    | 'SITE_URL'
    | 'OUTBOX_LEASE_MS'
  >;

export interface EnquiryRuntime {
  config: EnquiryConfig;
  secret: string;
  store: SubmissionStore;
  logger: Logger;
  /** The current time, epoch ms (tests move it to drive the time trap). */
  now: () => number;
  /** Undefined when SMTP_URL is unset: notifications then stay pending. */
  worker: OutboxWorker | undefined;
  /** Resolves once migrations have run and the worker started. */
  ready: Promise<void>;
  /** Stop the worker after its delivery under way, then close the store. */
  close(): Promise<void>;
}

/** Opens the store the configuration chooses: PostgreSQL when DATABASE_URL is set, else SQLite. */
export function openStore(config: StoreEnv): SubmissionStore {
  return config.DATABASE_URL
    ? new PgStore(config.DATABASE_URL)
    : new SqliteStore(
        join(resolve(config.DATA_DIR), 'enquiries.sqlite'),
        config.SQLITE_SYNCHRONOUS,
      );
}

export interface RuntimeOptions {
  config: EnquiryConfig;
  logger: Logger;
  /** Replaces the SMTP notifier (tests). */
  notifier?: Notifier;
  /** Start the outbox worker (default true). */
  worker?: boolean;
  /** The clock, epoch ms (default `Date.now`). */
  now?: () => number;
}

/**
 * Builds the runtime: loads (or generates) the secret, opens the store, starts migrations and,
 * once they ran, the outbox worker.
 *
 * @throws Error when DATA_DIR cannot hold the generated secret; a failed migration rejects
 *   `ready` instead (and is logged)
 */
export function createRuntime(opts: RuntimeOptions): EnquiryRuntime {
  const { config, logger } = opts;
  const secret = loadSecret(config.FORM_SECRET, config.DATA_DIR);
  const store = openStore(config);
  const notifier =
    opts.notifier ??
    (config.SMTP_URL
      ? createSmtpNotifier({
          smtpUrl: config.SMTP_URL,
          from: config.NOTIFY_FROM,
          to: config.NOTIFY_TO,
        })
      : undefined);
  const worker =
    notifier && opts.worker !== false
      ? new OutboxWorker({ store, notifier, logger, leaseMs: config.OUTBOX_LEASE_MS })
      : undefined;
  if (!notifier && opts.worker !== false) {
    logger.warn(
      'SMTP_URL is not set: enquiries are stored but NO notification e-mails are sent; they stay pending until SMTP_URL is configured and the server restarts.',
    );
  }
  const ready = store.migrate().then(() => {
    logger.info({ store: store.kind }, 'enquiry store ready');
    worker?.start();
  });
  // Avoid an unhandled rejection before anyone awaits `ready`; awaiting callers still see it.
  ready.catch((e: unknown) => logger.error({ err: String(e) }, 'enquiry store failed to start'));
  return {
    config,
    secret,
    store,
    logger,
    now: opts.now ?? Date.now,
    worker,
    ready,
    async close() {
      await worker?.stop();
      notifier?.close();
      await store.close();
    },
  };
}
