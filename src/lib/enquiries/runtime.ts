/**
 * One enquiry runtime per process: config, secret, store (SQLite or
 * PostgreSQL), logger and outbox worker.
 *
 * Why a `globalThis` registry: Vite bundles `src/` into the build, while `server/index.mjs`
 * (health check, worker start, graceful shutdown) and `scripts/enquiries.mjs` load these same
 * source files directly with Node's built-in TypeScript type stripping (erasable syntax only,
 * `.ts` import specifiers). That gives two module copies of the same code in the server
 * process; the registry guarantees they share ONE runtime: whichever copy asks first creates it,
 * the other receives the same object. So the action, /healthz and shutdown act on the same
 * store and worker, and there is no second build step for server code.
 */
import { join, resolve } from 'node:path';
import { configFromEnv, type PipelineConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { createSmtpNotifier, type Notifier } from './mailer.ts';
import { OutboxWorker } from './outbox.ts';
import { PgStore } from './pg-store.ts';
import { loadSecret } from './secret.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { SubmissionStore } from './store.ts';

export interface EnquiryRuntime {
  config: PipelineConfig;
  secret: string;
  store: SubmissionStore;
  logger: Logger;
  /** Undefined when SMTP_URL is unset: notifications then stay pending. */
  worker: OutboxWorker | undefined;
  /** Resolves once migrations have run and the worker started. */
  ready: Promise<void>;
  /** Stop the worker after its delivery under way, then close the store. */
  close(): Promise<void>;
}

const KEY = Symbol.for('kahaani.enquiries.runtime');
type Registry = { [KEY]?: EnquiryRuntime };

/** Open the store chosen by the config. */
export function openStore(config: PipelineConfig): SubmissionStore {
  return config.databaseUrl
    ? new PgStore(config.databaseUrl)
    : new SqliteStore(join(resolve(config.dataDir), 'enquiries.sqlite'));
}

export interface RuntimeOptions {
  config?: PipelineConfig;
  logger?: Logger;
  notifier?: Notifier;
  /** Start the outbox worker (default true). The CLI passes false. */
  worker?: boolean;
}

/** Build a runtime without registering it (tests, CLI). */
export function createRuntime(opts: RuntimeOptions = {}): EnquiryRuntime {
  const config = opts.config ?? configFromEnv();
  const logger = opts.logger ?? createLogger();
  const secret = loadSecret(config.formSecret, config.dataDir);
  const store = openStore(config);
  const notifier =
    opts.notifier ??
    (config.smtpUrl
      ? createSmtpNotifier({
          smtpUrl: config.smtpUrl,
          from: config.notifyFrom,
          to: config.notifyTo,
        })
      : undefined);
  const worker =
    notifier && opts.worker !== false
      ? new OutboxWorker({ store, notifier, logger, leaseMs: config.outboxLeaseMs })
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
    worker,
    ready,
    async close() {
      await worker?.stop();
      notifier?.close();
      await store.close();
    },
  };
}

/** The process-wide runtime, created from the environment on first use. */
export function getRuntime(): EnquiryRuntime {
  const g = globalThis as Registry;
  g[KEY] ??= createRuntime();
  return g[KEY];
}

/** Forget the process-wide runtime (after close, or in tests). */
export function resetRuntime(): void {
  delete (globalThis as Registry)[KEY];
}
