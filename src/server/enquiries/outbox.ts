/** A worker per channel, so one down holds back no other; logs carry ids, never personal data. */
import type { Channel } from '../inbox/types.ts';
import type { Logger } from '../logger.ts';
import type { Notifier } from './mailer.ts';
import { backoffMs, type OutboxJob, type SubmissionStore } from './store.ts';

/** `outbox_deliveries_total{channel,result}`. */
export type AttemptResult = 'delivered' | 'failed';

export interface OutboxWorkerOptions {
  store: SubmissionStore;
  notifier: Notifier;
  logger: Logger;
  channel?: Channel;
  /** Longest sleep between scans (other instances' rows), ms. */
  pollMs?: number;
  /** ms a claim holds before another worker may take the row. */
  leaseMs?: number;
  batch?: number;
  backoff?: (attempts: number) => number;
  now?: () => number;
  onAttempt?: (channel: Channel, result: AttemptResult) => void;
}

export class OutboxWorker {
  readonly #o: Required<OutboxWorkerOptions>;
  #running = false;
  #stopping = false;
  #timer: NodeJS.Timeout | undefined;
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;

  constructor(options: OutboxWorkerOptions) {
    this.#o = {
      channel: 'email',
      pollMs: 5000,
      leaseMs: 60_000,
      batch: 10,
      backoff: (n) => backoffMs(n),
      now: () => Date.now(),
      onAttempt: () => {},
      ...options,
    };
  }

  get channel(): Channel {
    return this.#o.channel;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#stopping = false;
    this.#loop = this.#run();
  }

  kick(): void {
    this.#wake?.();
  }

  /** Resolves once the delivery under way is done; the rest stay pending. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#running = false;
    this.kick();
    await this.#loop;
    this.#loop = undefined;
  }

  async drainOnce(): Promise<number> {
    const { store, logger, leaseMs, batch, backoff, now, channel, onAttempt } = this.#o;
    let sent = 0;
    // A failed row is rescheduled after `startedAt`, so the pass ends even with zero backoff.
    const startedAt = now();
    while (!this.#stopping) {
      const jobs = await store.claimDue(startedAt, leaseMs, batch, channel);
      if (jobs.length === 0) break;
      for (const job of jobs) {
        if (this.#stopping) break;
        const ids =
          job.kind === 'enquiry'
            ? { channel, submissionId: job.submission.id, outboxId: job.outboxId }
            : { channel, invite: true, outboxId: job.outboxId };
        if (job.kind === 'invite' && now() >= job.invite.expiresAt) {
          await store.markCancelled(job.outboxId, job.claimToken, 'invite expired unsent', now());
          logger.warn(ids, 'invite e-mail expired before it could be sent; cancelled');
          continue;
        }
        try {
          await this.#deliver(job);
        } catch (e) {
          const attempts = job.attempts + 1;
          const next = Math.max(now() + backoff(attempts), startedAt + 1);
          const err = deliveryError(e);
          onAttempt(channel, 'failed');
          await store.markFailed(job.outboxId, job.claimToken, err, next, now());
          logger.warn(
            { ...ids, attempts, nextAttemptAt: new Date(next).toISOString(), err },
            'notification failed; will retry',
          );
          continue;
        }
        onAttempt(channel, 'delivered');
        const marked = await store.markSent(job.outboxId, job.claimToken, now());
        sent += 1;
        logger.info({ ...ids, marked }, 'notification sent');
      }
      if (jobs.length < batch) break;
    }
    return sent;
  }

  #deliver(job: OutboxJob): Promise<void> {
    const { notifier } = this.#o;
    if (job.kind === 'enquiry') return notifier.send(job.submission, { id: job.outboxId });
    if (!notifier.sendInvite) {
      return Promise.reject(new Error(`the ${this.#o.channel} channel cannot send invites`));
    }
    return notifier.sendInvite(job.invite);
  }

  async #run(): Promise<void> {
    const { store, logger, pollMs, now, channel } = this.#o;
    while (this.#running) {
      try {
        await this.drainOnce();
      } catch (e) {
        logger.error({ channel, err: deliveryError(e) }, 'outbox scan failed');
      }
      if (!this.#running) break;
      let delay = pollMs;
      try {
        const due = await store.nextDueAt(channel);
        if (due !== null) delay = Math.max(10, Math.min(pollMs, due - now()));
      } catch {
        // Store unreachable: keep polling.
      }
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        this.#timer = setTimeout(resolve, delay);
      });
      clearTimeout(this.#timer);
      this.#wake = undefined;
    }
  }
}

interface FailureFacts {
  name?: unknown;
  code?: unknown;
  responseCode?: unknown;
  statusCode?: unknown;
  cause?: unknown;
  original?: unknown;
}

/** SMTP code, HTTP status or error name and code; never a message (may quote personal data). */
export function deliveryError(e: unknown): string {
  const codes: string[] = [];
  const names: string[] = [];
  let current: unknown = e;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const f = current as FailureFacts;
    if (typeof f.statusCode === 'number') codes.push(`HTTP ${f.statusCode}`);
    if (typeof f.responseCode === 'number') codes.push(`SMTP ${f.responseCode}`);
    if (typeof f.code === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(f.code)) codes.push(f.code);
    if (typeof f.name === 'string' && /^\w{1,40}$/.test(f.name) && f.name !== 'Error') {
      names.push(f.name);
    }
    current = f.original ?? f.cause;
  }
  const parts = codes.length > 0 ? codes : names;
  return [...new Set(parts)].join(' ') || 'Error';
}
