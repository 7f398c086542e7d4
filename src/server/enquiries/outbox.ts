/**
 * The outbox worker (docs/product.md#enquiry-handling): delivers pending notifications, retries failures with
 * exponential backoff (never dropping one), resumes after a restart (state is in the store),
 * delivers at least once and marks sent exactly once (claims carry a lease + token).
 *
 * One loop per process: it sleeps until the earliest due row (at most `pollMs`), and
 * `kick()` wakes it right after a new submission is stored.
 */
import type { Logger } from '../logger.ts';
import type { Notifier } from './mailer.ts';
import { backoffMs, type SubmissionStore } from './store.ts';

export interface OutboxWorkerOptions {
  store: SubmissionStore;
  notifier: Notifier;
  logger: Logger;
  /** Longest sleep between scans, ms (catches rows written by other instances). */
  pollMs?: number;
  /** How long a claim is held before another worker may take the row, ms. */
  leaseMs?: number;
  /** Rows claimed per scan. */
  batch?: number;
  /** Backoff for attempt n, ms (tests shorten it). */
  backoff?: (attempts: number) => number;
  now?: () => number;
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
      pollMs: 5000,
      leaseMs: 60_000,
      batch: 10,
      backoff: (n) => backoffMs(n),
      now: () => Date.now(),
      ...options,
    };
  }

  /** Start the loop (idempotent). */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#stopping = false;
    this.#loop = this.#run();
  }

  /** Wake the loop now (a submission was just stored). */
  kick(): void {
    this.#wake?.();
  }

  /**
   * Stop after the delivery under way finishes (graceful shutdown); resolves when the loop has
   * exited. Rows not yet attempted stay pending for the next start.
   */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#running = false;
    this.kick();
    await this.#loop;
    this.#loop = undefined;
  }

  /** Claim and deliver every row due now; returns how many were sent. Used by the loop and tests. */
  async drainOnce(): Promise<number> {
    const { store, notifier, logger, leaseMs, batch, backoff, now } = this.#o;
    let sent = 0;
    // One pass over the rows due when it starts: a row that fails is rescheduled after
    // `startedAt`, so the pass ends even when the backoff is zero.
    const startedAt = now();
    while (!this.#stopping) {
      const jobs = await store.claimDue(startedAt, leaseMs, batch);
      if (jobs.length === 0) break;
      for (const job of jobs) {
        // Between jobs a stop() request is honoured; the leases of unattempted rows expire.
        if (this.#stopping) break;
        const ids = { submissionId: job.submission.id, outboxId: job.outboxId };
        try {
          await notifier.send(job.submission);
        } catch (e) {
          const attempts = job.attempts + 1;
          const next = Math.max(now() + backoff(attempts), startedAt + 1);
          await store.markFailed(job.outboxId, job.claimToken, errorText(e), next);
          logger.warn(
            { ...ids, attempts, nextAttemptAt: new Date(next).toISOString(), err: errorText(e) },
            'notification failed; will retry',
          );
          continue;
        }
        const marked = await store.markSent(job.outboxId, job.claimToken, now());
        sent += 1;
        logger.info({ ...ids, marked }, 'notification sent');
      }
      if (jobs.length < batch) break;
    }
    return sent;
  }

  async #run(): Promise<void> {
    const { store, logger, pollMs, now } = this.#o;
    while (this.#running) {
      try {
        await this.drainOnce();
      } catch (e) {
        logger.error({ err: errorText(e) }, 'outbox scan failed');
      }
      if (!this.#running) break;
      let delay = pollMs;
      try {
        const due = await store.nextDueAt();
        if (due !== null) delay = Math.max(10, Math.min(pollMs, due - now()));
      } catch {
        // Store unreachable: keep polling at the normal rate.
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

function errorText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
