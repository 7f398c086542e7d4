/**
 * `SubmissionStore` on PostgreSQL (DATABASE_URL), so several instances share one database. Claims
 * use FOR UPDATE SKIP LOCKED and status changes are conditional UPDATEs, so of two instances
 * changing one enquiry the second finds the status changed. Search is a `tsvector` column with a
 * GIN index (docs/decisions/032-search-in-the-stores-own-index.md).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { pgTransaction } from './transactions.ts';
import type { Channel } from '../inbox/types.ts';
import { timeOrderedId } from './ids.ts';
import { PG_MIGRATIONS } from './migrations.ts';
import type {
  DeliveryFigures,
  EnquiryRecord,
  HandledResult,
  InsertResult,
  InviteNotice,
  ListOptions,
  NewSubmission,
  OutboxJob,
  PageQuery,
  PageRow,
  RateLimitResult,
  ReleaseResult,
  SpamResult,
  StoredSubmission,
  SubmissionStore,
  StoreCounts,
} from './store.ts';
import {
  DELIVERY_RANK_SQL,
  figures,
  handledOutcome,
  numOrNull,
  spamOutcome,
  str,
  toEnquiryRecord,
  toOutboxJob,
  toPageRow,
  toStoredSubmission,
  type Row,
} from './rows.ts';

/** All but the search vector. */
const SUBMISSION_COLUMNS = `s.id, s.name, s.email, s.subject, s.message, s.received_at, s.ip_hash,
  s.user_agent, s.privacy_notice_version, s.spam, s.status, s.handled_at, s.released_at`;
const DELIVERY_RANK = `(SELECT MAX(${DELIVERY_RANK_SQL}) FROM outbox o
  WHERE o.submission_id = s.id) AS delivery_rank`;
const UNDELIVERED = 'sent_at IS NULL AND cancelled_at IS NULL';
type Queryable = pg.Pool | pg.PoolClient;

const MIGRATION_LOCK = 7_341_001;

export class PgStore implements SubmissionStore {
  readonly kind = 'postgres' as const;
  readonly #pool: pg.Pool;

  /** Connects lazily, with a pool of `max` connections. */
  constructor(connectionString: string, max = 10) {
    this.#pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000 });
    // An idle client dying (server restart) must not crash the process.
    this.#pool.on('error', () => {});
  }

  #tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return pgTransaction(this.#pool, fn);
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

  async #hit(
    q: pg.PoolClient,
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
    channels: readonly Channel[] = ['email'],
  ): Promise<{ rate: RateLimitResult; stored?: InsertResult }> {
    return this.#tx(async (c) => {
      const rate = await this.#hit(c, limit.key, limit.max, limit.windowMs, sub.receivedAt);
      return rate.allowed
        ? { rate, stored: await this.#insert(c, sub, dedupeWindowMs, channels) }
        : { rate };
    });
  }

  async #insert(
    c: pg.PoolClient,
    sub: NewSubmission,
    dedupeWindowMs: number,
    channels: readonly Channel[],
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
           user_agent, privacy_notice_version, spam, dedupe_key, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
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
          sub.spam === 'ham' ? 'new' : 'held',
        ],
      );
      if (sub.spam === 'ham') await queueDeliveries(c, sub.id, channels, sub.receivedAt);
      return { id: sub.id, duplicate: false };
    }
  }

  async claimDue(
    now: number,
    leaseMs: number,
    limit: number,
    channel: Channel = 'email',
  ): Promise<OutboxJob[]> {
    const token = randomUUID();
    const { rows } = await this.#pool.query(
      `WITH due AS (
         SELECT id FROM outbox
         WHERE channel = $5 AND ${UNDELIVERED} AND next_attempt_at <= $3
           AND (lease_until IS NULL OR lease_until <= $3)
         ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED),
       claimed AS (
         UPDATE outbox o SET lease_until = $1, claim_token = $2 FROM due WHERE o.id = due.id
         RETURNING o.id AS outbox_id, o.submission_id, o.channel, o.kind, o.payload, o.attempts)
       SELECT c.*, ${SUBMISSION_COLUMNS} FROM claimed c
         LEFT JOIN submissions s ON s.id = c.submission_id`,
      [now + leaseMs, token, now, limit, channel],
    );
    return rows.map((r: Row) => toOutboxJob(r, token));
  }

  async markSent(outboxId: string, claimToken: string, now: number): Promise<boolean> {
    const r = await this.#pool.query(
      `UPDATE outbox SET sent_at = $1, attempts = attempts + 1, lease_until = NULL,
         claim_token = NULL, last_error = NULL, payload = NULL
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
    now = Date.now(),
  ): Promise<void> {
    await this.#pool.query(
      `WITH failed AS (
         UPDATE outbox SET attempts = attempts + 1, last_error = $1, next_attempt_at = $2,
           lease_until = NULL, claim_token = NULL
         WHERE id = $3 AND claim_token = $4 AND sent_at IS NULL
         RETURNING channel)
       INSERT INTO channel_status (channel, last_failure_at, last_error)
         SELECT channel, $5, $1 FROM failed
       ON CONFLICT (channel) DO UPDATE SET
         last_failure_at = EXCLUDED.last_failure_at, last_error = EXCLUDED.last_error`,
      [error.slice(0, 200), nextAttemptAt, outboxId, claimToken, new Date(now)],
    );
  }

  async markCancelled(
    outboxId: string,
    claimToken: string,
    reason: string,
    now: number,
  ): Promise<void> {
    await this.#pool.query(
      `UPDATE outbox SET cancelled_at = $1, last_error = $2, payload = NULL, lease_until = NULL,
         claim_token = NULL
       WHERE id = $3 AND claim_token = $4 AND sent_at IS NULL`,
      [new Date(now), reason.slice(0, 200), outboxId, claimToken],
    );
  }

  async nextDueAt(channel?: Channel): Promise<number | null> {
    const { rows } = await this.#pool.query(
      `SELECT MIN(GREATEST(next_attempt_at, COALESCE(lease_until, 0))) AS due FROM outbox
       WHERE ${UNDELIVERED} AND ($1::text IS NULL OR channel = $1)`,
      [channel ?? null],
    );
    return numOrNull((rows[0] as Row)['due']);
  }

  /** Parameters numbered from `$1`. */
  #filter(status: string | undefined, terms: readonly string[] | undefined, hideHeld = false) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (terms && terms.length > 0) {
      params.push(terms.join(' '));
      // The same markup-free reading as the indexed text (migration 2).
      where.push(
        `s.search @@ plainto_tsquery('simple', translate($${params.length}, '<>&/', '    '))`,
      );
    }
    if (status) {
      params.push(status);
      where.push(`s.status = $${params.length}`);
    } else if (hideHeld) where.push("s.status <> 'held'");
    return { where: where.length > 0 ? `WHERE ${where.join(' AND ')}` : '', params };
  }

  async list(opts: ListOptions = {}): Promise<StoredSubmission[]> {
    const { where, params } = this.#filter(opts.status, opts.terms, !opts.includeSpam);
    const { rows } = await this.#pool.query(
      `SELECT ${SUBMISSION_COLUMNS}, ${DELIVERY_RANK} FROM submissions s ${where}
       ORDER BY s.received_at DESC, s.id DESC LIMIT $${params.length + 1}`,
      [...params, opts.limit ?? null],
    );
    return rows.map(toStoredSubmission);
  }

  async page(query: PageQuery): Promise<{ rows: PageRow[]; total: number; capped: boolean }> {
    const { where, params } = this.#filter(query.status, query.terms);
    const n = params.length;
    const [count, page] = await Promise.all([
      // Counting stops past `countLimit`: an exact count of a common word reads every match.
      this.#pool.query(
        `SELECT COUNT(*) AS n FROM (SELECT 1 FROM submissions s ${where} LIMIT $${n + 1}) t`,
        [...params, query.countLimit === undefined ? null : query.countLimit + 1],
      ),
      this.#pool.query(
        `SELECT s.id, s.received_at, s.status, s.name, s.email, s.subject, s.message,
           ${DELIVERY_RANK}
         FROM submissions s ${where}
         ORDER BY s.received_at DESC, s.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, query.limit, query.offset],
      ),
    ]);
    const counted = Number((count.rows[0] as Row)['n']);
    const capped = query.countLimit !== undefined && counted > query.countLimit;
    return {
      rows: page.rows.map(toPageRow),
      total: capped ? (query.countLimit ?? counted) : counted,
      capped,
    };
  }

  async get(id: string): Promise<EnquiryRecord | null> {
    const [s, o] = await Promise.all([
      this.#pool.query(`SELECT ${SUBMISSION_COLUMNS} FROM submissions s WHERE s.id = $1`, [id]),
      this.#pool.query('SELECT * FROM outbox WHERE submission_id = $1', [id]),
    ]);
    const row = s.rows[0] as Row | undefined;
    return row ? toEnquiryRecord(row, o.rows) : null;
  }

  async #status(q: Queryable, id: string): Promise<string | null> {
    const { rows } = await q.query('SELECT status FROM submissions WHERE id = $1', [id]);
    return rows.length > 0 ? str((rows[0] as Row)['status']) : null;
  }

  async setHandled(id: string, handled: boolean, now: number): Promise<HandledResult> {
    const r = handled
      ? await this.#pool.query(
          `UPDATE submissions SET status = 'handled', handled_at = $1
           WHERE id = $2 AND status IN ('new', 'released')`,
          [new Date(now), id],
        )
      : await this.#pool.query(
          `UPDATE submissions SET status = 'new', handled_at = NULL
           WHERE id = $1 AND status = 'handled'`,
          [id],
        );
    if (r.rowCount === 1) return 'ok';
    return handledOutcome(await this.#status(this.#pool, id), handled);
  }

  release(id: string, channels: readonly Channel[], now: number): Promise<ReleaseResult> {
    return this.#tx(async (c): Promise<ReleaseResult> => {
      // The row lock makes a concurrent release wait here, then see status 'released'.
      const r = await c.query(
        `UPDATE submissions SET status = 'released', released_at = $1
         WHERE id = $2 AND status = 'held'`,
        [new Date(now), id],
      );
      if (r.rowCount !== 1) return (await this.#status(c, id)) === null ? 'not-found' : 'not-held';
      await queueDeliveries(c, id, channels, now);
      return 'released';
    });
  }

  markSpam(id: string, now: number): Promise<SpamResult> {
    return this.#tx(async (c): Promise<SpamResult> => {
      const r = await c.query(
        `UPDATE submissions SET status = 'held', spam = 'staff'
         WHERE id = $1 AND status IN ('new', 'handled', 'released')`,
        [id],
      );
      if (r.rowCount !== 1) return spamOutcome(await this.#status(c, id));
      await c.query(
        `UPDATE outbox SET cancelled_at = $1 WHERE submission_id = $2 AND ${UNDELIVERED}`,
        [new Date(now), id],
      );
      return 'ok';
    });
  }

  async enqueueInvite(invite: InviteNotice, now: number): Promise<void> {
    await this.#pool.query(
      `INSERT INTO outbox (id, submission_id, channel, kind, recipient, payload, created_at,
         next_attempt_at)
       VALUES ($1, NULL, 'email', 'invite', $2, $3, $4, $4)`,
      [timeOrderedId(now), invite.to, JSON.stringify(invite), now],
    );
  }

  async deliveryFigures(): Promise<DeliveryFigures> {
    const [queued, failures, oldest] = await Promise.all([
      this.#pool.query(
        `SELECT channel, COUNT(*) AS backlog, MIN(created_at) AS oldest FROM outbox
         WHERE ${UNDELIVERED} GROUP BY channel`,
      ),
      this.#pool.query('SELECT * FROM channel_status'),
      this.#pool.query(
        `SELECT MIN(COALESCE((extract(epoch FROM s.received_at) * 1000)::bigint, o.created_at))
           AS at
         FROM outbox o LEFT JOIN submissions s ON s.id = o.submission_id
         WHERE o.sent_at IS NULL AND o.cancelled_at IS NULL`,
      ),
    ]);
    return figures(queued.rows, failures.rows, numOrNull((oldest.rows[0] as Row)['at']));
  }

  async eraseByEmail(email: string): Promise<number> {
    const address = email.trim();
    const n = await this.#tx(async (c) => {
      await c.query(
        `DELETE FROM outbox WHERE submission_id IN
           (SELECT id FROM submissions WHERE lower(email) = lower($1) AND status <> 'erased')`,
        [address],
      );
      await c.query(
        'DELETE FROM outbox WHERE recipient IS NOT NULL AND lower(recipient) = lower($1)',
        [address],
      );
      const r = await c.query(
        `UPDATE submissions SET name = '', email = '', subject = '', message = '', ip_hash = '',
           user_agent = '', privacy_notice_version = '', spam = '', dedupe_key = '',
           status = 'erased', handled_at = NULL, released_at = NULL
         WHERE lower(email) = lower($1) AND status <> 'erased'`,
        [address],
      );
      return r.rowCount ?? 0;
    });
    if (n > 0) {
      // Old row versions and their index entries stay until vacuumed: remove them now
      // (https://www.postgresql.org/docs/current/routine-vacuuming.html).
      await this.#pool.query('VACUUM submissions, outbox');
    }
    return n;
  }

  purgeOlderThan(before: number): Promise<number> {
    return this.#tx(async (c) => {
      const at = new Date(before);
      await c.query(
        'DELETE FROM outbox WHERE submission_id IN (SELECT id FROM submissions WHERE received_at < $1)',
        [at],
      );
      await c.query("DELETE FROM outbox WHERE kind = 'invite' AND created_at < $1", [before]);
      await c.query('DELETE FROM rate_limits WHERE window_start < $1', [before]);
      const r = await c.query('DELETE FROM submissions WHERE received_at < $1', [at]);
      return r.rowCount ?? 0;
    });
  }

  async retryFailed(now: number): Promise<number> {
    const r = await this.#pool.query(
      `UPDATE outbox SET next_attempt_at = $1
       WHERE ${UNDELIVERED} AND next_attempt_at > $1 AND (lease_until IS NULL OR lease_until <= $1)`,
      [now],
    );
    return r.rowCount ?? 0;
  }

  async counts(): Promise<StoreCounts> {
    const { rows } = await this.#pool.query(
      `SELECT (SELECT COUNT(*) FROM submissions WHERE spam = 'ham') AS submissions,
              (SELECT COUNT(*) FROM submissions WHERE spam NOT IN ('ham', '')) AS spam,
              (SELECT COUNT(*) FROM outbox WHERE ${UNDELIVERED}) AS pending,
              (SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL) AS sent,
              (SELECT MIN(s.received_at) FROM outbox o JOIN submissions s ON s.id = o.submission_id
                WHERE o.sent_at IS NULL AND o.cancelled_at IS NULL) AS oldest_pending`,
    );
    const r = rows[0] as Row;
    return {
      submissions: Number(r['submissions']),
      spam: Number(r['spam']),
      pending: Number(r['pending']),
      sent: Number(r['sent']),
      oldestPendingAt: numOrNull(r['oldest_pending']),
    };
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}

/** Per channel, a new delivery row due at `at`, or a cancelled one due again. */
async function queueDeliveries(
  c: pg.PoolClient,
  submissionId: string,
  channels: readonly Channel[],
  at: number,
): Promise<void> {
  for (const channel of channels) {
    await c.query(
      `INSERT INTO outbox (id, submission_id, channel, kind, created_at, next_attempt_at)
       VALUES ($1, $2, $3, 'enquiry', $4, $4)
       ON CONFLICT (submission_id, channel) DO UPDATE SET
         cancelled_at = NULL, created_at = EXCLUDED.created_at,
         next_attempt_at = EXCLUDED.next_attempt_at
       WHERE outbox.sent_at IS NULL`,
      [timeOrderedId(), submissionId, channel, at],
    );
  }
}
