/** Fixed-window rate limits shared by instances; a window starts at its first hit; epoch ms. */
import { sql, type Kysely } from 'kysely';
import type { RateLimitResult } from '../enquiries/store.ts';
import { compiledOnce } from './compiled.ts';
import type { Database, Executor } from './tables.ts';

interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

const HIT = compiledOnce(
  (v: { key: string; now: number; ended: number }) => sql<{ count: number; windowStart: number }>`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${v.key}, ${v.now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= ${v.ended} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= ${v.ended}
        THEN excluded.window_start ELSE rate_limits.window_start END
    RETURNING count, window_start`,
);

/** One atomic upsert (docs/decisions/043-compiled-queries-on-the-hot-path.md); this hit counts. */
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

/** Reads the live window without counting: `allowed` if one more hit would be. */
export async function peekLimit(db: Executor, limit: Limit, now: number): Promise<RateLimitResult> {
  const live = db.selectFrom('rateLimits').select(['count', 'windowStart']);
  const row = await live
    .where('key', '=', limit.key)
    .where('windowStart', '>', now - limit.windowMs)
    .executeTakeFirst();
  const count = row?.count ?? 0;
  return { allowed: count < limit.max, count, resetAt: (row?.windowStart ?? now) + limit.windowMs };
}
