/**
 * `SubmissionStore` on PostgreSQL via `pg`, used when DATABASE_URL is set, so
 * several instances can share one database. Same behaviour as `sqlite-store.ts`; the shared
 * suite in tests/pipeline/store.test.ts holds both to it.
 *
 * Concurrency: migrations run under a session advisory lock; duplicate detection takes a
 * transaction advisory lock on the content hash; outbox claims use FOR UPDATE SKIP LOCKED.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PG_MIGRATIONS } from './migrations.ts';
import type {
  InsertResult,
  ListOptions,
  NewSubmission,
  OutboxJob,
  RateLimitResult,
  StoredSubmission,
  SubmissionStore,
  StoreCounts,
} from './store.ts';

type Row = Record<string, unknown>;
const MIGRATION_LOCK = 7_341_001;

const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '';
const ms = (v: unknown): number => (v instanceof Date ? v.getTime() : Number(v ?? 0));

function toSubmission(r: Row): Omit<NewSubmission, 'dedupeKey'> {
  return {
    id: str(r['id']),
    name: str(r['name']),
    email: str(r['email']),
    subject: str(r['subject']),
    message: str(r['message']),
    receivedAt: ms(r['received_at']),
    ipHash: str(r['ip_hash']),
    userAgent: str(r['user_agent']),
    privacyNoticeVersion: str(r['privacy_notice_version']),
    spam: str(r['spam']) as NewSubmission['spam'],
  };
}

export class PgStore implements SubmissionStore {
  readonly kind = 'postgres' as const;
  readonly #pool: pg.Pool;

  /** Connect lazily to `connectionString` with a small pool (`max` connections). */
  constructor(connectionString: string, max = 10) {
    this.#pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000 });
    // An idle client dying (server restart) must not crash the process.
    this.#pool.on('error', () => {});
  }

  async #tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await this.#pool.connect();
    try {
      await c.query('BEGIN');
      const out = await fn(c);
      await c.query('COMMIT');
      return out;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      c.release();
    }
  }

  async migrate(): Promise<void> {
    const c = await this.#pool.connect();
    try {
      await c.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await c.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
      );
      const done = new Set(
        (await c.query('SELECT version FROM schema_migrations')).rows.map((r: Row) =>
          Number(r['version']),
        ),
      );
      for (const m of PG_MIGRATIONS) {
        if (done.has(m.version)) continue;
        await c.query('BEGIN');
        try {
          await c.query(m.sql);
          await c.query('INSERT INTO schema_migrations (version) VALUES ($1)', [m.version]);
          await c.query('COMMIT');
        } catch (e) {
          await c.query('ROLLBACK');
          throw e;
        }
      }
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      c.release();
    }
  }

  async ping(): Promise<void> {
    await this.#pool.query('SELECT 1');
  }

  hitRateLimit(key: string, max: number, windowMs: number, now: number): Promise<RateLimitResult> {
    return this.#hit(this.#pool, key, max, windowMs, now);
  }

  async #hit(
    q: pg.Pool | pg.PoolClient,
    key: string,
    max: number,
    windowMs: number,
    now: number,
  ): Promise<RateLimitResult> {
    const { rows } = await q.query(
      `INSERT INTO rate_limits AS r (key, window_start, count) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN r.window_start <= $3 THEN 1 ELSE r.count + 1 END,
         window_start = CASE WHEN r.window_start <= $3 THEN EXCLUDED.window_start ELSE r.window_start END
       RETURNING count, window_start`,
      [key, now, now - windowMs],
    );
    const row = rows[0] as Row;
    const count = Number(row['count']);
    return { allowed: count <= max, count, resetAt: Number(row['window_start']) + windowMs };
  }

  submit(
    sub: NewSubmission,
    limit: { key: string; max: number; windowMs: number },
    dedupeWindowMs: number,
  ): Promise<{ rate: RateLimitResult; stored?: InsertResult }> {
    return this.#tx(async (c) => {
      const rate = await this.#hit(c, limit.key, limit.max, limit.windowMs, sub.receivedAt);
      return rate.allowed ? { rate, stored: await this.#insert(c, sub, dedupeWindowMs) } : { rate };
    });
  }

  insertSubmission(sub: NewSubmission, dedupeWindowMs: number): Promise<InsertResult> {
    return this.#tx((c) => this.#insert(c, sub, dedupeWindowMs));
  }

  async #insert(
    c: pg.PoolClient,
    sub: NewSubmission,
    dedupeWindowMs: number,
  ): Promise<InsertResult> {
    {
      await c.query('SELECT pg_advisory_xact_lock(hashtext($1))', [sub.dedupeKey]);
      const existing = await c.query(
        'SELECT id FROM submissions WHERE dedupe_key = $1 AND received_at >= $2 ORDER BY received_at LIMIT 1',
        [sub.dedupeKey, new Date(sub.receivedAt - dedupeWindowMs)],
      );
      if (existing.rows.length > 0) {
        return { id: str((existing.rows[0] as Row)['id']), duplicate: true };
      }
      await c.query(
        `INSERT INTO submissions (id, name, email, subject, message, received_at, ip_hash,
           user_agent, privacy_notice_version, spam, dedupe_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          sub.id,
          sub.name,
          sub.email,
          sub.subject,
          sub.message,
          new Date(sub.receivedAt),
          sub.ipHash,
          sub.userAgent,
          sub.privacyNoticeVersion,
          sub.spam,
          sub.dedupeKey,
        ],
      );
      if (sub.spam === 'ham') {
        await c.query(
          'INSERT INTO outbox (id, submission_id, next_attempt_at) VALUES ($1, $2, $3)',
          [randomUUID(), sub.id, sub.receivedAt],
        );
      }
      return { id: sub.id, duplicate: false };
    }
  }

  async claimDue(now: number, leaseMs: number, limit: number): Promise<OutboxJob[]> {
    const token = randomUUID();
    const { rows } = await this.#pool.query(
      `WITH due AS (
         SELECT id FROM outbox
         WHERE sent_at IS NULL AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)
         ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED)
       UPDATE outbox o SET lease_until = $1, claim_token = $2 FROM due, submissions s
       WHERE o.id = due.id AND s.id = o.submission_id
       RETURNING o.id AS outbox_id, o.attempts, s.*`,
      [now + leaseMs, token, now, limit],
    );
    return rows.map((r: Row) => ({
      outboxId: str(r['outbox_id']),
      claimToken: token,
      attempts: Number(r['attempts']),
      submission: toSubmission(r),
    }));
  }

  async markSent(outboxId: string, claimToken: string, now: number): Promise<boolean> {
    const r = await this.#pool.query(
      `UPDATE outbox SET sent_at = $1, attempts = attempts + 1, lease_until = NULL,
         claim_token = NULL, last_error = NULL
       WHERE id = $2 AND claim_token = $3 AND sent_at IS NULL`,
      [new Date(now), outboxId, claimToken],
    );
    return r.rowCount === 1;
  }

  async markFailed(
    outboxId: string,
    claimToken: string,
    error: string,
    nextAttemptAt: number,
  ): Promise<void> {
    await this.#pool.query(
      `UPDATE outbox SET attempts = attempts + 1, last_error = $1, next_attempt_at = $2,
         lease_until = NULL, claim_token = NULL
       WHERE id = $3 AND claim_token = $4 AND sent_at IS NULL`,
      [error.slice(0, 500), nextAttemptAt, outboxId, claimToken],
    );
  }

  async nextDueAt(): Promise<number | null> {
    const { rows } = await this.#pool.query(
      'SELECT MIN(GREATEST(next_attempt_at, COALESCE(lease_until, 0))) AS due FROM outbox WHERE sent_at IS NULL',
    );
    const due = (rows[0] as Row)['due'];
    return due == null ? null : Number(due);
  }

  async list(opts: ListOptions = {}): Promise<StoredSubmission[]> {
    const { rows } = await this.#pool.query(
      `SELECT s.*, o.id AS outbox_id, o.sent_at, o.attempts FROM submissions s
       LEFT JOIN outbox o ON o.submission_id = s.id
       WHERE ($1 OR s.spam = 'ham')
       ORDER BY s.received_at DESC, s.id DESC LIMIT $2`,
      [Boolean(opts.includeSpam), opts.limit ?? null],
    );
    return rows.map((r: Row) => ({
      ...toSubmission(r),
      notification:
        r['outbox_id'] == null
          ? 'none'
          : r['sent_at'] != null
            ? 'sent'
            : Number(r['attempts']) > 0
              ? 'failing'
              : 'pending',
    }));
  }

  eraseByEmail(email: string): Promise<number> {
    return this.#tx(async (c) => {
      await c.query(
        'DELETE FROM outbox WHERE submission_id IN (SELECT id FROM submissions WHERE lower(email) = lower($1))',
        [email.trim()],
      );
      const r = await c.query('DELETE FROM submissions WHERE lower(email) = lower($1)', [
        email.trim(),
      ]);
      return r.rowCount ?? 0;
    });
  }

  purgeOlderThan(before: number): Promise<number> {
    return this.#tx(async (c) => {
      const at = new Date(before);
      await c.query(
        'DELETE FROM outbox WHERE submission_id IN (SELECT id FROM submissions WHERE received_at < $1)',
        [at],
      );
      await c.query('DELETE FROM rate_limits WHERE window_start < $1', [before]);
      const r = await c.query('DELETE FROM submissions WHERE received_at < $1', [at]);
      return r.rowCount ?? 0;
    });
  }

  async retryFailed(now: number): Promise<number> {
    const r = await this.#pool.query(
      'UPDATE outbox SET next_attempt_at = $1 WHERE sent_at IS NULL AND next_attempt_at > $1 AND (lease_until IS NULL OR lease_until <= $1)',
      [now],
    );
    return r.rowCount ?? 0;
  }

  async counts(): Promise<StoreCounts> {
    const { rows } = await this.#pool.query(
      `SELECT (SELECT COUNT(*) FROM submissions WHERE spam = 'ham') AS submissions,
              (SELECT COUNT(*) FROM submissions WHERE spam <> 'ham') AS spam,
              (SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL) AS pending,
              (SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL) AS sent,
                (SELECT MIN(s.received_at) FROM outbox o JOIN submissions s ON s.id = o.submission_id
                  WHERE o.sent_at IS NULL) AS oldest_pending`,
    );
    const r = rows[0] as Row;
    return {
      submissions: Number(r['submissions']),
      spam: Number(r['spam']),
      pending: Number(r['pending']),
      sent: Number(r['sent']),
      oldestPendingAt: r['oldest_pending'] == null ? null : Number(r['oldest_pending']),
    };
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}
