/** The enquiry pipeline: docs/decisions/031-notification-channels-through-the-outbox.md */
import { join, resolve } from 'node:path';
import { RETENTION_DAYS } from '../../lib/privacy-notice.ts';
import type { Env, StoreEnv } from '../env.ts';
import type { Channel } from '../inbox/types.ts';
import type { Logger } from '../logger.ts';
import { createSmtpNotifier, type Notifier } from './mailer.ts';
import { OutboxWorker, type AttemptResult } from './outbox.ts';
import { PgStore, SqliteStore } from './sql-store.ts';
import { loadSecret } from './secret.ts';
import { createSlackNotifier } from './slack.ts';
import type { SubmissionStore } from './store.ts';
import { createWebhookNotifier } from './webhook.ts';

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
    | 'SLACK_WEBHOOK_URL'
    | 'WEBHOOK_URL'
    | 'WEBHOOK_SECRET'
  >;

export interface EnquiryRuntime {
  config: EnquiryConfig;
  secret: string;
  store: SubmissionStore;
  logger: Logger;
  now: () => number;
  channels: readonly Channel[];
  /** Those that can deliver now (e-mail only with SMTP_URL or a test's notifier). */
  configured: ReadonlySet<Channel>;
  notifiers: ReadonlyMap<Channel, Notifier>;
  workers: ReadonlyMap<Channel, OutboxWorker>;
  kick(): void;
  onAttempt(listener: (channel: Channel, result: AttemptResult) => void): void;
  ready: Promise<void>;
  close(): Promise<void>;
}

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
  notifier?: Notifier;
  notifiers?: Partial<Record<Channel, Notifier>>;
  worker?: boolean;
  backoff?: (attempts: number) => number;
  now?: () => number;
}

const DAY_MS = 86_400_000;

/** ms between idempotent sweeps (docs/decisions/039-retention-kept-by-the-running-server.md). */
export const RETENTION_SWEEP_MS = 6 * 3_600_000;

/** @throws Error when DATA_DIR cannot hold the secret; a failed migration rejects `ready` */
export function createRuntime(opts: RuntimeOptions): EnquiryRuntime {
  const { config, logger } = opts;
  const secret = loadSecret(config.FORM_SECRET, config.DATA_DIR);
  const store = openStore(config);
  const now = opts.now ?? Date.now;
  const notifiers = new Map<Channel, Notifier>();
  const email =
    opts.notifier ??
    (config.SMTP_URL
      ? createSmtpNotifier({
          smtpUrl: config.SMTP_URL,
          from: config.NOTIFY_FROM,
          to: config.NOTIFY_TO,
        })
      : undefined);
  if (email) notifiers.set('email', email);
  const slack =
    opts.notifiers?.slack ??
    (config.SLACK_WEBHOOK_URL
      ? createSlackNotifier({ url: config.SLACK_WEBHOOK_URL, siteUrl: config.SITE_URL })
      : undefined);
  if (slack) notifiers.set('slack', slack);
  const webhook =
    opts.notifiers?.webhook ??
    (config.WEBHOOK_URL && config.WEBHOOK_SECRET
      ? createWebhookNotifier({
          url: config.WEBHOOK_URL,
          secret: config.WEBHOOK_SECRET,
          siteUrl: config.SITE_URL,
          now,
        })
      : undefined);
  if (webhook) notifiers.set('webhook', webhook);
  const channels: Channel[] = ['email'];
  if (slack) channels.push('slack');
  if (webhook) channels.push('webhook');

  const listeners: Array<(channel: Channel, result: AttemptResult) => void> = [];
  const workers = new Map<Channel, OutboxWorker>();
  if (opts.worker !== false) {
    for (const [channel, notifier] of notifiers) {
      workers.set(
        channel,
        new OutboxWorker({
          store,
          notifier,
          logger,
          channel,
          leaseMs: config.OUTBOX_LEASE_MS,
          now,
          ...(opts.backoff ? { backoff: opts.backoff } : {}),
          onAttempt: (c, result) => {
            for (const listener of listeners) listener(c, result);
          },
        }),
      );
    }
    if (!email) {
      logger.warn(
        'SMTP_URL is not set: enquiries are stored but NO notification e-mails are sent; they stay pending until SMTP_URL is configured and the server restarts.',
      );
    }
  }
  const sweep = async (): Promise<void> => {
    try {
      const purged = await store.purgeOlderThan(now() - RETENTION_DAYS * DAY_MS);
      if (purged > 0) {
        logger.info({ purged, retentionDays: RETENTION_DAYS }, 'retention: old enquiries deleted');
      }
    } catch (e) {
      logger.error({ err: String(e) }, 'retention sweep failed');
    }
  };
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping = Promise.resolve();
  let closed = false;
  const ready = store.migrate().then(() => {
    logger.info({ store: store.kind, channels }, 'enquiry store ready');
    for (const worker of workers.values()) worker.start();
    if (!closed) {
      sweeping = sweep();
      sweeper = setInterval(() => {
        sweeping = sweep();
      }, RETENTION_SWEEP_MS).unref();
    }
  });
  // No unhandled rejection before anyone awaits `ready`; awaiting callers still see it.
  ready.catch((e: unknown) => logger.error({ err: String(e) }, 'enquiry store failed to start'));
  return {
    config,
    secret,
    store,
    logger,
    now,
    channels,
    configured: new Set(notifiers.keys()),
    notifiers,
    workers,
    kick() {
      for (const worker of workers.values()) worker.kick();
    },
    onAttempt(listener) {
      listeners.push(listener);
    },
    ready,
    async close() {
      closed = true;
      clearInterval(sweeper);
      await sweeping;
      await Promise.all([...workers.values()].map((w) => w.stop()));
      for (const notifier of notifiers.values()) notifier.close();
      await store.close();
    },
  };
}
