/**
 * `SubmissionStore` on node:sqlite: the default back-end, one file under DATA_DIR.
 *
 * WAL journal with `synchronous=FULL` so a commit is on disk before the visitor sees success;
 * `busy_timeout` lets several processes (server + CLI) share the file. Write transactions use
 * BEGIN IMMEDIATE so dedupe checks and outbox claims cannot interleave.
 *
 * Group commit: the hot-path writes (rate-limit hit, submission + outbox row) arriving in the
 * same event-loop turn run in ONE transaction, each inside its own SAVEPOINT (so one failure
 * rolls back only itself), and every caller is answered after that single COMMIT. One fsync
 * then covers many visitors instead of one each, which is what makes FULL affordable.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { SQLITE_MIGRATIONS } from './migrations.ts';
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

const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '';
const num = (v: unknown): number => Number(v ?? 0);

function toSubmission(r: Row): Omit<NewSubmission, 'dedupeKey'> {
  return {
    id: str(r['id']),
    name: str(r['name']),
    email: str(r['email']),
    subject: str(r['subject']),
    message: str(r['message']),
    receivedAt: num(r['received_at']),
    ipHash: str(r['ip_hash']),
    userAgent: str(r['user_agent']),
    privacyNoticeVersion: str(r['privacy_notice_version']),
    spam: str(r['spam']) as NewSubmission['spam'],
  };
}

function notificationState(r: Row): StoredSubmission['notification'] {
  if (r['outbox_id'] == null) return 'none';
  if (r['sent_at'] != null) return 'sent';
  return num(r['attempts']) > 0 ? 'failing' : 'pending';
}

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

  /** Open (creating the folder and file when needed) the database at `file`. */
  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.#db = new DatabaseSync(file, { timeout: 5000 });
    this.#db.exec('PRAGMA journal_mode = WAL');
    // FULL: a commit is on disk (fsync) before anyone is told "sent". SQLITE_SYNCHRONOUS=NORMAL
    // trades that for speed: still safe against a process crash, not against power loss.
    const sync = process.env['SQLITE_SYNCHRONOUS'] === 'NORMAL' ? 'NORMAL' : 'FULL';
    this.#db.exec(`PRAGMA synchronous = ${sync}`);
    this.#db.exec('PRAGMA foreign_keys = ON');
  }

  #tx<T>(fn: () => T): T {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      const out = fn();
      this.#db.exec('COMMIT');
      return out;
    } catch (e) {
      this.#db.exec('ROLLBACK');
      throw e;
    }
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

  /** Run `op` in the next group-commit transaction; resolves after COMMIT. */
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

  hitRateLimit(key: string, max: number, windowMs: number, now: number): Promise<RateLimitResult> {
    return this.#grouped(() => this.#hit(key, max, windowMs, now));
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
  ): Promise<{ rate: RateLimitResult; stored?: InsertResult }> {
    return this.#grouped(() => {
      const rate = this.#hit(limit.key, limit.max, limit.windowMs, sub.receivedAt);
      return rate.allowed ? { rate, stored: this.#insert(sub, dedupeWindowMs) } : { rate };
    });
  }

  insertSubmission(sub: NewSubmission, dedupeWindowMs: number): Promise<InsertResult> {
    return this.#grouped(() => this.#insert(sub, dedupeWindowMs));
  }

  #insert(sub: NewSubmission, dedupeWindowMs: number): InsertResult {
    {
      const existing = this.#stmt(
        'SELECT id FROM submissions WHERE dedupe_key = ? AND received_at >= ? ORDER BY received_at LIMIT 1',
      ).get(sub.dedupeKey, sub.receivedAt - dedupeWindowMs);
      if (existing) return { id: str(existing['id']), duplicate: true };
      this.#stmt(
        `INSERT INTO submissions (id, name, email, subject, message, received_at, ip_hash,
               user_agent, privacy_notice_version, spam, dedupe_key)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        sub.id,
        sub.name,
        sub.email,
        sub.subject,
        sub.message,
        sub.receivedAt,
        sub.ipHash,
        sub.userAgent,
        sub.privacyNoticeVersion,
        sub.spam,
        sub.dedupeKey,
      );
      if (sub.spam === 'ham') {
        this.#stmt('INSERT INTO outbox (id, submission_id, next_attempt_at) VALUES (?, ?, ?)').run(
          randomUUID(),
          sub.id,
          sub.receivedAt,
        );
      }
      return { id: sub.id, duplicate: false };
    }
  }

  claimDue(now: number, leaseMs: number, limit: number): Promise<OutboxJob[]> {
    const token = randomUUID();
    return Promise.resolve(
      this.#tx(() => {
        const claimed = this.#stmt(
          `UPDATE outbox SET lease_until = ?, claim_token = ?
             WHERE id IN (
               SELECT id FROM outbox
               WHERE sent_at IS NULL AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
               ORDER BY next_attempt_at LIMIT ?)
             RETURNING id, submission_id, attempts`,
        ).all(now + leaseMs, token, now, now, limit);
        const get = this.#stmt('SELECT * FROM submissions WHERE id = ?');
        return claimed.map((c) => ({
          outboxId: str(c['id']),
          claimToken: token,
          attempts: num(c['attempts']),
          submission: toSubmission(get.get(str(c['submission_id'])) as Row),
        }));
      }),
    );
  }

  markSent(outboxId: string, claimToken: string, now: number): Promise<boolean> {
    const r = this.#stmt(
      `UPDATE outbox SET sent_at = ?, attempts = attempts + 1, lease_until = NULL,
           claim_token = NULL, last_error = NULL
         WHERE id = ? AND claim_token = ? AND sent_at IS NULL`,
    ).run(now, outboxId, claimToken);
    return Promise.resolve(Number(r.changes) === 1);
  }

  markFailed(
    outboxId: string,
    claimToken: string,
    error: string,
    nextAttemptAt: number,
  ): Promise<void> {
    this.#stmt(
      `UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?,
           lease_until = NULL, claim_token = NULL
         WHERE id = ? AND claim_token = ? AND sent_at IS NULL`,
    ).run(error.slice(0, 500), nextAttemptAt, outboxId, claimToken);
    return Promise.resolve();
  }

  nextDueAt(): Promise<number | null> {
    const r = this.#stmt(
      'SELECT MIN(MAX(next_attempt_at, COALESCE(lease_until, 0))) AS due FROM outbox WHERE sent_at IS NULL',
    ).get() as Row;
    return Promise.resolve(r['due'] == null ? null : num(r['due']));
  }

  list(opts: ListOptions = {}): Promise<StoredSubmission[]> {
    const rows = this.#stmt(
      `SELECT s.*, o.id AS outbox_id, o.sent_at, o.attempts FROM submissions s
         LEFT JOIN outbox o ON o.submission_id = s.id
         WHERE (? = 1 OR s.spam = 'ham')
         ORDER BY s.received_at DESC, s.id DESC LIMIT ?`,
    ).all(opts.includeSpam ? 1 : 0, opts.limit ?? -1);
    return Promise.resolve(
      rows.map((r) => ({ ...toSubmission(r), notification: notificationState(r) })),
    );
  }

  eraseByEmail(email: string): Promise<number> {
    return Promise.resolve(
      this.#tx(() => {
        this.#stmt(
          'DELETE FROM outbox WHERE submission_id IN (SELECT id FROM submissions WHERE lower(email) = lower(?))',
        ).run(email.trim());
        const r = this.#stmt('DELETE FROM submissions WHERE lower(email) = lower(?)').run(
          email.trim(),
        );
        return Number(r.changes);
      }),
    );
  }

  purgeOlderThan(before: number): Promise<number> {
    return Promise.resolve(
      this.#tx(() => {
        this.#stmt(
          'DELETE FROM outbox WHERE submission_id IN (SELECT id FROM submissions WHERE received_at < ?)',
        ).run(before);
        this.#stmt('DELETE FROM rate_limits WHERE window_start < ?').run(before);
        return Number(
          this.#stmt('DELETE FROM submissions WHERE received_at < ?').run(before).changes,
        );
      }),
    );
  }

  retryFailed(now: number): Promise<number> {
    const r = this.#stmt(
      'UPDATE outbox SET next_attempt_at = ? WHERE sent_at IS NULL AND next_attempt_at > ? AND (lease_until IS NULL OR lease_until <= ?)',
    ).run(now, now, now);
    return Promise.resolve(Number(r.changes));
  }

  counts(): Promise<StoreCounts> {
    const r = this.#stmt(
      `SELECT (SELECT COUNT(*) FROM submissions WHERE spam = 'ham') AS submissions,
                (SELECT COUNT(*) FROM submissions WHERE spam <> 'ham') AS spam,
                (SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL) AS pending,
                (SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL) AS sent,
                (SELECT MIN(s.received_at) FROM outbox o JOIN submissions s ON s.id = o.submission_id
                  WHERE o.sent_at IS NULL) AS oldest_pending`,
    ).get() as Row;
    return Promise.resolve({
      submissions: num(r['submissions']),
      spam: num(r['spam']),
      pending: num(r['pending']),
      sent: num(r['sent']),
      oldestPendingAt: r['oldest_pending'] == null ? null : num(r['oldest_pending']),
    });
  }

  close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
    return Promise.resolve();
  }
}
