/**
 * Fixed-window rate limits in the `rate_limits` table, so a limit holds across instances: the
 * contact form's per client, the staff sign-in's and invites' (`src/server/staff/limits.ts`). A
 * window starts at its first hit and lasts `windowMs`; times are epoch ms.
 */
import { sql, type Kysely } from 'kysely';
import type { RateLimitResult } from '../enquiries/store.ts';
import { compiledOnce } from './compiled.ts';
import type { Database, Executor } from './tables.ts';

/** At most `max` hits for `key` in a window of `windowMs` ms. */
interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** The upsert of a hit, compiled once per database (`compiled.ts`). */
const HIT = compiledOnce(
  (v: { key: string; now: number; ended: number }) => sql<{ count: number; windowStart: number }>`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${v.key}, ${v.now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= ${v.ended} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= ${v.ended}
        THEN excluded.window_start ELSE rate_limits.window_start END
    RETURNING count, window_start`,
);

/**
 * Counts a hit for `key` at `now` in one statement (an upsert, atomic on both engines). On the
 * contact form's hot path, so written as SQL and compiled once: Kysely's builder, and compiling
 * a `sql` template, cost more than the statement (docs/decisions/033-one-store-on-kysely.md,
 * docs/decisions/043-compiled-queries-on-the-hot-path.md).
 * @param db the database the statement is compiled for
 * @param executor where it runs: `db` (the default) or one of its transactions
 * @returns `allowed` while the window's count, this hit included, is at most `max`
 */
export async function hitLimit(
  db: Kysely<Database>,
  limit: Limit,
  now: number,
  executor: Executor = db,
): Promise<RateLimitResult> {
  const { key, max, windowMs } = limit;
  const { rows } = await HIT(db, executor, { key, now, ended: now - windowMs });
  const row = rows[0] ?? { count: 1, windowStart: now };
  return { allowed: row.count <= max, count: row.count, resetAt: row.windowStart + windowMs };
}

/**
 * Reads `key`'s window at `now` without counting.
 * @returns `count`: hits in the window live at `now` (0 when none is); `allowed`: `count < max`,
 *   so one more hit would still be allowed; `resetAt`: when that window ends, or `now + windowMs`
 *   when none is live
 */
export async function peekLimit(db: Executor, limit: Limit, now: number): Promise<RateLimitResult> {
  const live = db.selectFrom('rateLimits').select(['count', 'windowStart']);
  const row = await live
    .where('key', '=', limit.key)
    .where('windowStart', '>', now - limit.windowMs)
    .executeTakeFirst();
  const count = row?.count ?? 0;
  return { allowed: count < limit.max, count, resetAt: (row?.windowStart ?? now) + limit.windowMs };
}
