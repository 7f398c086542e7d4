/**
 * Database rows → the store's shapes, shared by `sqlite-store.ts` and `pg-store.ts` so both
 * stores list and hand out exactly the same objects. SQLite gives epoch-ms integers, PostgreSQL
 * `Date`s (timestamptz) and strings for BIGINT; {@link num} reads either.
 */
import type { NewSubmission, StoredSubmission } from './store.ts';

/** One row as a driver returns it. */
export type Row = Record<string, unknown>;

/** A text column ('' for null). */
export const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '';

/** An instant or count column as a number (epoch ms for instants; 0 for null). */
export const num = (v: unknown): number => (v instanceof Date ? v.getTime() : Number(v ?? 0));

/** A `submissions` row (or a join that includes its columns). */
export function toSubmission(r: Row): Omit<NewSubmission, 'dedupeKey'> {
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

/** A listed row: the submission joined with its outbox row (`outbox_id`, `sent_at`, `attempts`). */
export function toStoredSubmission(r: Row): StoredSubmission {
  const notification: StoredSubmission['notification'] =
    r['outbox_id'] == null
      ? 'none'
      : r['sent_at'] != null
        ? 'sent'
        : num(r['attempts']) > 0
          ? 'failing'
          : 'pending';
  return { ...toSubmission(r), notification };
}
