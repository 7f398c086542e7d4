/**
 * `SubmissionStore` on node:sqlite, one WAL file under DATA_DIR shared with the CLI. Group commit
 * makes `synchronous=FULL` affordable: hot-path writes of one event-loop turn share one
 * transaction, each in its own SAVEPOINT (a failure rolls back only itself), so one fsync covers
 * many visitors. Search is an FTS5 table kept in step by triggers (migration 2).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { sqliteTransaction } from './transactions.ts';
import type { Channel } from '../inbox/types.ts';
import { timeOrderedId } from './ids.ts';
import { SQLITE_MIGRATIONS } from './migrations.ts';
import {
  DELIVERY_RANK_SQL,
  figures,
  handledOutcome,
  num,
  numOrNull,
  str,
  toEnquiryRecord,
  toOutboxJob,
  toPageRow,
  spamOutcome,
  toStoredSubmission,
  type Row,
} from './rows.ts';
import { fts5Query } from './search.ts';
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

/**
 * The `seq` of a row received at `?1` (epoch ms): receipt ms × 1000 plus its arrival within that
 * ms, so ordering by `seq` is ordering by receipt time (migration 2).
 */
export const SQLITE_SEQ = `(SELECT COALESCE(MAX(seq) + 1, ?1 * 1000) FROM submissions
  WHERE seq >= ?1 * 1000 AND seq < ?1 * 1000 + 1000)`;

/** What a page row needs, with the enquiry's worst delivery. */
const PAGE_COLUMNS = `s.id, s.received_at, s.status, s.name, s.email, s.subject, s.message,
  (SELECT MAX(${DELIVERY_RANK_SQL}) FROM outbox o WHERE o.submission_id = s.id) AS delivery_rank`;
const UNDELIVERED = 'sent_at IS NULL AND cancelled_at IS NULL';

interface Pending {
  op: () => unknown;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export class SqliteStore implements SubmissionStore {
  readonly kind = 'sqlite' as const;
  readonly #db: DatabaseSync;
  #queue: Pending[] = [];
  readonly #stmts = new Map<string, StatementSync>();
  #flushScheduled = false;

  /**
   * Opens the database at `file`, creating the folder and file when needed.
   * @param synchronous `SQLITE_SYNCHRONOUS` (`src/server/env.ts`)
   */
  constructor(file: string, synchronous: 'FULL' | 'NORMAL' = 'FULL') {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.#db = new DatabaseSync(file, { timeout: 5000 });
    this.#db.exec('PRAGMA journal_mode = WAL');
    this.#db.exec(`PRAGMA synchronous = ${synchronous}`);
    this.#db.exec('PRAGMA foreign_keys = ON');
  }

  #tx<T>(fn: () => T): T {
    return sqliteTransaction(this.#db, fn);
  }

  /** A cached prepared statement (preparing is a measurable share of a request's cost). */
  #stmt(sql: string): StatementSync {
    let st = this.#stmts.get(sql);
    if (!st) {
      st = this.#db.prepare(sql);
      this.#stmts.set(sql, st);
    }
    return st;
  }

  /** Runs `op` in the next group-commit transaction; resolves after COMMIT. */
  #grouped<T>(op: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ op, resolve: resolve as (v: unknown) => void, reject });
      if (!this.#flushScheduled) {
        this.#flushScheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  #flush(): void {
    this.#flushScheduled = false;
    const batch = this.#queue;
    this.#queue = [];
    if (batch.length === 0) return;
    const results: Array<{ ok: boolean; value: unknown }> = [];
    try {
      this.#db.exec('BEGIN IMMEDIATE');
    } catch (e) {
      for (const p of batch) p.reject(e);
      return;
    }
    for (const p of batch) {
      this.#db.exec('SAVEPOINT op');
      try {
        results.push({ ok: true, value: p.op() });
        this.#db.exec('RELEASE op');
      } catch (e) {
        this.#db.exec('ROLLBACK TO op');
        this.#db.exec('RELEASE op');
        results.push({ ok: false, value: e });
      }
    }
    try {
      this.#db.exec('COMMIT');
    } catch (e) {
      try {
        this.#db.exec('ROLLBACK');
      } catch {
        // already rolled back by SQLite
      }
      for (const p of batch) p.reject(e);
      return;
    }
    batch.forEach((p, i) => {
      const r = results[i];
      if (r?.ok) p.resolve(r.value);
      else p.reject(r?.value);
    });
  }

  migrate(): Promise<void> {
    this.#db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
    );
    this.#tx(() => {
      const done = new Set(
        this.#stmt('SELECT version FROM schema_migrations')
          .all()
          .map((r) => num(r['version'])),
      );
      for (const m of SQLITE_MIGRATIONS) {
        if (done.has(m.version)) continue;
        this.#db.exec(m.sql);
        this.#stmt('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(
          m.version,
          Date.now(),
        );
      }
    });
    return Promise.resolve();
  }

  ping(): Promise<void> {
    this.#stmt('SELECT 1').get();
    return Promise.resolve();
  }

  #hit(key: string, max: number, windowMs: number, now: number): RateLimitResult {
    const row = this.#stmt(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN window_start <= ? THEN 1 ELSE count + 1 END,
           window_start = CASE WHEN window_start <= ? THEN excluded.window_start ELSE window_start END
         RETURNING count, window_start`,
    ).get(key, now, now - windowMs, now - windowMs) as Row;
    const count = num(row['count']);
    return { allowed: count <= max, count, resetAt: num(row['window_start']) + windowMs };
  }

  submit(
    sub: NewSubmission,
    limit: { key: string; max: number; windowMs: number },
    dedupeWindowMs: number,
    channels: readonly Channel[] = ['email'],
  ): Promise<{ rate: RateLimitResult; stored?: InsertResult }> {
    return this.#grouped(() => {
      const rate = this.#hit(limit.key, limit.max, limit.windowMs, sub.receivedAt);
      return rate.allowed
        ? { rate, stored: this.#insert(sub, dedupeWindowMs, channels) }
        : { rate };
    });
  }

  #insert(sub: NewSubmission, dedupeWindowMs: number, channels: readonly Channel[]): InsertResult {
    const existing = this.#stmt(
      'SELECT id FROM submissions WHERE dedupe_key = ? AND received_at >= ? ORDER BY received_at LIMIT 1',
    ).get(sub.dedupeKey, sub.receivedAt - dedupeWindowMs);
    if (existing) return { id: str(existing['id']), duplicate: true };
    this.#stmt(
      `INSERT INTO submissions (seq, received_at, id, name, email, subject, message, ip_hash,
             user_agent, privacy_notice_version, spam, dedupe_key, status)
           VALUES (${SQLITE_SEQ}, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`,
    ).run(
      sub.receivedAt,
      sub.id,
      sub.name,
      sub.email,
      sub.subject,
      sub.message,
      sub.ipHash,
      sub.userAgent,
      sub.privacyNoticeVersion,
      sub.spam,
      sub.dedupeKey,
      sub.spam === 'ham' ? 'new' : 'held',
    );
    if (sub.spam === 'ham') {
      for (const channel of channels) this.#queueDelivery(sub.id, channel, sub.receivedAt);
    }
    return { id: sub.id, duplicate: false };
  }

  /** A new delivery row due at `at`, or a cancelled one due again; a delivered one stays. */
  #queueDelivery(submissionId: string, channel: Channel, at: number): void {
    this.#stmt(
      `INSERT INTO outbox (id, submission_id, channel, kind, created_at, next_attempt_at)
         VALUES (?, ?, ?, 'enquiry', ?, ?)
         ON CONFLICT (submission_id, channel) DO UPDATE SET
           cancelled_at = NULL, created_at = excluded.created_at,
           next_attempt_at = excluded.next_attempt_at
         WHERE outbox.sent_at IS NULL`,
    ).run(timeOrderedId(), submissionId, channel, at, at);
  }

  claimDue(
    now: number,
    leaseMs: number,
    limit: number,
    channel: Channel = 'email',
  ): Promise<OutboxJob[]> {
    const token = randomUUID();
    return Promise.resolve(
      this.#tx(() => {
        const claimed = this.#stmt(
          `UPDATE outbox SET lease_until = ?, claim_token = ?
             WHERE id IN (
               SELECT id FROM outbox
               WHERE channel = ? AND ${UNDELIVERED} AND next_attempt_at <= ?
                 AND (lease_until IS NULL OR lease_until <= ?)
               ORDER BY next_attempt_at LIMIT ?)
             RETURNING id AS outbox_id, submission_id, channel, kind, payload, attempts`,
        ).all(now + leaseMs, token, channel, now, now, limit);
        const get = this.#stmt('SELECT * FROM submissions WHERE id = ?');
        return claimed.map((c) =>
          toOutboxJob(
            c['kind'] === 'invite' ? c : { ...(get.get(str(c['submission_id'])) as Row), ...c },
            token,
          ),
        );
      }),
    );
  }

  markSent(outboxId: string, claimToken: string, now: number): Promise<boolean> {
    const r = this.#stmt(
      `UPDATE outbox SET sent_at = ?, attempts = attempts + 1, lease_until = NULL,
           claim_token = NULL, last_error = NULL, payload = NULL
         WHERE id = ? AND claim_token = ? AND sent_at IS NULL`,
    ).run(now, outboxId, claimToken);
    return Promise.resolve(Number(r.changes) === 1);
  }

  markFailed(
    outboxId: string,
    claimToken: string,
    error: string,
    nextAttemptAt: number,
    now = Date.now(),
  ): Promise<void> {
    const text = error.slice(0, 200);
    this.#tx(() => {
      const row = this.#stmt(
        `UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?,
             lease_until = NULL, claim_token = NULL
           WHERE id = ? AND claim_token = ? AND sent_at IS NULL
           RETURNING channel`,
      ).get(text, nextAttemptAt, outboxId, claimToken);
      if (row) this.#recordFailure(str(row['channel']), text, now);
    });
    return Promise.resolve();
  }

  #recordFailure(channel: string, error: string, at: number): void {
    this.#stmt(
      `INSERT INTO channel_status (channel, last_failure_at, last_error) VALUES (?, ?, ?)
         ON CONFLICT (channel) DO UPDATE SET
           last_failure_at = excluded.last_failure_at, last_error = excluded.last_error`,
    ).run(channel, at, error);
  }

  markCancelled(outboxId: string, claimToken: string, reason: string, now: number): Promise<void> {
    this.#stmt(
      `UPDATE outbox SET cancelled_at = ?, last_error = ?, payload = NULL, lease_until = NULL,
           claim_token = NULL
         WHERE id = ? AND claim_token = ? AND sent_at IS NULL`,
    ).run(now, reason.slice(0, 200), outboxId, claimToken);
    return Promise.resolve();
  }

  nextDueAt(channel?: Channel): Promise<number | null> {
    const r = this.#stmt(
      `SELECT MIN(MAX(next_attempt_at, COALESCE(lease_until, 0))) AS due FROM outbox
         WHERE ${UNDELIVERED} AND (? IS NULL OR channel = ?)`,
    ).get(channel ?? null, channel ?? null) as Row;
    return Promise.resolve(numOrNull(r['due']));
  }

  /**
   * The query parts for a status and search filter, newest first: a search is one FTS5 MATCH, in
   * descending rowid order (CROSS JOIN keeps it the outer loop), so a page stops at its end and a
   * count never reads the rows.
   */
  #filter(status: string | undefined, terms: readonly string[] | undefined, hideHeld = false) {
    if (terms && terms.length > 0) {
      const match = fts5Query(
        terms,
        status ? { is: status } : hideHeld ? { not: 'held' } : undefined,
      );
      return {
        from: 'submissions_fts f CROSS JOIN submissions s ON s.seq = f.rowid',
        countFrom: 'submissions_fts f',
        where: 'WHERE submissions_fts MATCH ?',
        params: [match],
        order: 'f.rowid DESC',
      };
    }
    const where = status ? 'WHERE s.status = ?' : hideHeld ? "WHERE s.status <> 'held'" : '';
    return {
      from: 'submissions s',
      countFrom: 'submissions s',
      where,
      params: status ? [status] : [],
      order: 's.seq DESC',
    };
  }

  list(opts: ListOptions = {}): Promise<StoredSubmission[]> {
    const { from, where, params, order } = this.#filter(opts.status, opts.terms, !opts.includeSpam);
    const rows = this.#stmt(
      `SELECT s.*, (SELECT MAX(${DELIVERY_RANK_SQL}) FROM outbox o
           WHERE o.submission_id = s.id) AS delivery_rank
         FROM ${from} ${where} ORDER BY ${order} LIMIT ?`,
    ).all(...params, opts.limit ?? -1);
    return Promise.resolve(rows.map(toStoredSubmission));
  }

  page(query: PageQuery): Promise<{ rows: PageRow[]; total: number; capped: boolean }> {
    const { from, countFrom, where, params, order } = this.#filter(query.status, query.terms);
    const counted = num(
      (
        this.#stmt(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${countFrom} ${where} LIMIT ?)`).get(
          ...params,
          query.countLimit === undefined ? -1 : query.countLimit + 1,
        ) as Row
      )['n'],
    );
    const capped = query.countLimit !== undefined && counted > query.countLimit;
    const total = capped ? (query.countLimit ?? counted) : counted;
    const rows =
      query.offset >= counted && !capped
        ? []
        : this.#stmt(
            `SELECT ${PAGE_COLUMNS} FROM ${from} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
          ).all(...params, query.limit, query.offset);
    return Promise.resolve({ rows: rows.map(toPageRow), total, capped });
  }

  get(id: string): Promise<EnquiryRecord | null> {
    const r = this.#stmt('SELECT * FROM submissions WHERE id = ?').get(id) as Row | undefined;
    if (!r) return Promise.resolve(null);
    const outbox = this.#stmt('SELECT * FROM outbox WHERE submission_id = ?').all(id);
    return Promise.resolve(toEnquiryRecord(r, outbox));
  }

  #status(id: string): string | null {
    const r = this.#stmt('SELECT status FROM submissions WHERE id = ?').get(id);
    return r ? str(r['status']) : null;
  }

  setHandled(id: string, handled: boolean, now: number): Promise<HandledResult> {
    return Promise.resolve(
      this.#tx((): HandledResult => {
        const changed = handled
          ? this.#stmt(
              `UPDATE submissions SET status = 'handled', handled_at = ?
                 WHERE id = ? AND status IN ('new', 'released')`,
            ).run(now, id).changes
          : this.#stmt(
              `UPDATE submissions SET status = 'new', handled_at = NULL
                 WHERE id = ? AND status = 'handled'`,
            ).run(id).changes;
        if (Number(changed) === 1) return 'ok';
        return handledOutcome(this.#status(id), handled);
      }),
    );
  }

  release(id: string, channels: readonly Channel[], now: number): Promise<ReleaseResult> {
    return Promise.resolve(
      this.#tx((): ReleaseResult => {
        const changed = this.#stmt(
          `UPDATE submissions SET status = 'released', released_at = ?
             WHERE id = ? AND status = 'held'`,
        ).run(now, id).changes;
        if (Number(changed) !== 1) return this.#status(id) === null ? 'not-found' : 'not-held';
        for (const channel of channels) this.#queueDelivery(id, channel, now);
        return 'released';
      }),
    );
  }

  markSpam(id: string, now: number): Promise<SpamResult> {
    return Promise.resolve(
      this.#tx((): SpamResult => {
        const changed = this.#stmt(
          `UPDATE submissions SET status = 'held', spam = 'staff'
             WHERE id = ? AND status IN ('new', 'handled', 'released')`,
        ).run(id).changes;
        if (Number(changed) !== 1) return spamOutcome(this.#status(id));
        this.#stmt(
          `UPDATE outbox SET cancelled_at = ? WHERE submission_id = ? AND ${UNDELIVERED}`,
        ).run(now, id);
        return 'ok';
      }),
    );
  }

  enqueueInvite(invite: InviteNotice, now: number): Promise<void> {
    this.#stmt(
      `INSERT INTO outbox (id, submission_id, channel, kind, recipient, payload, created_at,
           next_attempt_at)
         VALUES (?, NULL, 'email', 'invite', ?, ?, ?, ?)`,
    ).run(timeOrderedId(now), invite.to, JSON.stringify(invite), now, now);
    return Promise.resolve();
  }

  deliveryFigures(): Promise<DeliveryFigures> {
    const queued = this.#stmt(
      `SELECT channel, COUNT(*) AS backlog, MIN(created_at) AS oldest FROM outbox
         WHERE ${UNDELIVERED} GROUP BY channel`,
    ).all();
    const failures = this.#stmt('SELECT * FROM channel_status').all();
    const oldest = this.#stmt(
      `SELECT MIN(COALESCE(s.received_at, o.created_at)) AS at FROM outbox o
         LEFT JOIN submissions s ON s.id = o.submission_id WHERE o.sent_at IS NULL AND o.cancelled_at IS NULL`,
    ).get() as Row;
    return Promise.resolve(figures(queued, failures, numOrNull(oldest['at'])));
  }

  eraseByEmail(email: string): Promise<number> {
    const address = email.trim();
    // Deleted and overwritten content is zeroed in the file, not just unlinked
    // (https://www.sqlite.org/pragma.html#pragma_secure_delete).
    this.#db.exec('PRAGMA secure_delete = ON');
    try {
      const n = this.#tx(() => {
        this.#stmt(
          `DELETE FROM outbox WHERE submission_id IN
             (SELECT id FROM submissions WHERE lower(email) = lower(?) AND status <> 'erased')`,
        ).run(address);
        this.#stmt(
          'DELETE FROM outbox WHERE recipient IS NOT NULL AND lower(recipient) = lower(?)',
        ).run(address);
        const erased = Number(
          this.#stmt(
            `UPDATE submissions SET name = '', email = '', subject = '', message = '',
                 ip_hash = '', user_agent = '', privacy_notice_version = '', spam = '',
                 dedupe_key = '', status = 'erased', handled_at = NULL, released_at = NULL
               WHERE lower(email) = lower(?) AND status <> 'erased'`,
          ).run(address).changes,
        );
        // The trigger has taken the old words out of the FTS index itself (secure-delete,
        // migration 2), not behind a delete marker.
        return erased;
      });
      // Old page images in the write-ahead log go too, unless another connection still reads.
      this.#db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      return Promise.resolve(n);
    } finally {
      this.#db.exec('PRAGMA secure_delete = OFF');
    }
  }

  purgeOlderThan(before: number): Promise<number> {
    return Promise.resolve(
      this.#tx(() => {
        this.#stmt(
          'DELETE FROM outbox WHERE submission_id IN (SELECT id FROM submissions WHERE received_at < ?)',
        ).run(before);
        this.#stmt("DELETE FROM outbox WHERE kind = 'invite' AND created_at < ?").run(before);
        this.#stmt('DELETE FROM rate_limits WHERE window_start < ?').run(before);
        return Number(
          this.#stmt('DELETE FROM submissions WHERE received_at < ?').run(before).changes,
        );
      }),
    );
  }

  retryFailed(now: number): Promise<number> {
    const r = this.#stmt(
      `UPDATE outbox SET next_attempt_at = ?
         WHERE ${UNDELIVERED} AND next_attempt_at > ? AND (lease_until IS NULL OR lease_until <= ?)`,
    ).run(now, now, now);
    return Promise.resolve(Number(r.changes));
  }

  counts(): Promise<StoreCounts> {
    const r = this.#stmt(
      `SELECT (SELECT COUNT(*) FROM submissions WHERE spam = 'ham') AS submissions,
                (SELECT COUNT(*) FROM submissions WHERE spam NOT IN ('ham', '')) AS spam,
                (SELECT COUNT(*) FROM outbox WHERE ${UNDELIVERED}) AS pending,
                (SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL) AS sent,
                (SELECT MIN(s.received_at) FROM outbox o JOIN submissions s ON s.id = o.submission_id
                  WHERE o.sent_at IS NULL AND o.cancelled_at IS NULL) AS oldest_pending`,
    ).get() as Row;
    return Promise.resolve({
      submissions: num(r['submissions']),
      spam: num(r['spam']),
      pending: num(r['pending']),
      sent: num(r['sent']),
      oldestPendingAt: numOrNull(r['oldest_pending']),
    });
  }

  close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
    return Promise.resolve();
  }
}
