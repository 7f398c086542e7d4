/**
 * Database rows to the store's shapes, shared so both stores hand out the same objects. SQLite
 * gives epoch-ms integers, PostgreSQL `Date`s and strings for BIGINT; {@link num} reads either.
 */
import type { Channel, DeliveryState, EnquiryStatus } from '../inbox/types.ts';
import type {
  DeliveryFigures,
  EnquiryRecord,
  HandledResult,
  InviteNotice,
  Notice,
  OutboxJob,
  PageRow,
  SpamColumn,
  SpamResult,
  StoredSubmission,
} from './store.ts';

export type Row = Record<string, unknown>;

/** '' for null. */
export const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '';

/** Epoch ms for an instant; 0 for null. */
export const num = (v: unknown): number => (v instanceof Date ? v.getTime() : Number(v ?? 0));

export const numOrNull = (v: unknown): number | null => (v == null ? null : num(v));

export function toSubmission(r: Row): Notice {
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
    spam: str(r['spam']) as Notice['spam'],
  };
}

/**
 * A delivery row's rank, worst highest: 3 failing (tried, not delivered), 2 pending, 1
 * delivered, 0 cancelled; `MAX` over an enquiry's rows is its worst state.
 */
export const DELIVERY_RANK_SQL = `CASE WHEN o.sent_at IS NOT NULL THEN 1
  WHEN o.cancelled_at IS NOT NULL THEN 0 WHEN o.attempts > 0 THEN 3 ELSE 2 END`;

/** @param rank {@link DELIVERY_RANK_SQL}'s maximum (null: no rows) */
export function deliveryOf(rank: unknown): PageRow['delivery'] {
  switch (rank == null ? 0 : Number(rank)) {
    case 3:
      return 'failing';
    case 2:
      return 'pending';
    case 1:
      return 'delivered';
    default:
      return 'none';
  }
}

const NOTIFICATION = { failing: 'failing', pending: 'pending', delivered: 'sent', none: 'none' };

export function toStoredSubmission(r: Row): StoredSubmission {
  const { spam: _spam, ...notice } = toSubmission(r);
  return {
    ...notice,
    spam: str(r['spam']) as SpamColumn,
    status: str(r['status']) as EnquiryStatus,
    notification: NOTIFICATION[deliveryOf(r['delivery_rank'])] as StoredSubmission['notification'],
  };
}

export function toPageRow(r: Row): PageRow {
  return {
    id: str(r['id']),
    receivedAt: num(r['received_at']),
    status: str(r['status']) as EnquiryStatus,
    name: str(r['name']),
    email: str(r['email']),
    subject: str(r['subject']),
    message: str(r['message']),
    delivery: deliveryOf(r['delivery_rank']),
  };
}

function deliveryState(o: Row): DeliveryState {
  if (o['sent_at'] != null) return 'delivered';
  if (o['cancelled_at'] != null) return 'cancelled';
  return num(o['attempts']) > 0 ? 'failing' : 'pending';
}

const CHANNEL_ORDER: Record<Channel, number> = { email: 0, slack: 1, webhook: 2 };

export function toEnquiryRecord(r: Row, outbox: readonly Row[]): EnquiryRecord {
  const spam = str(r['spam']);
  const deliveries = outbox
    .map((o) => ({
      channel: str(o['channel']) as Channel,
      state: deliveryState(o),
      attempts: num(o['attempts']),
      lastError: o['last_error'] == null ? null : str(o['last_error']),
      deliveredAt: numOrNull(o['sent_at']),
    }))
    .sort((a, b) => CHANNEL_ORDER[a.channel] - CHANNEL_ORDER[b.channel]);
  const rank = Math.max(
    0,
    ...deliveries.map((d) => ({ failing: 3, pending: 2, delivered: 1, cancelled: 0 })[d.state]),
  );
  return {
    id: str(r['id']),
    receivedAt: num(r['received_at']),
    status: str(r['status']) as EnquiryStatus,
    name: str(r['name']),
    email: str(r['email']),
    subject: str(r['subject']),
    message: str(r['message']),
    userAgent: str(r['user_agent']),
    privacyNoticeVersion: str(r['privacy_notice_version']),
    spamReason: spam === 'ham' || spam === '' ? null : (spam as EnquiryRecord['spamReason']),
    handledAt: numOrNull(r['handled_at']),
    releasedAt: numOrNull(r['released_at']),
    delivery: deliveryOf(rank),
    deliveries,
  };
}

/**
 * @param r a claimed outbox row, with the submission's columns for an enquiry
 * @throws SyntaxError when an invite's payload is not the JSON `enqueueInvite` wrote
 */
export function toOutboxJob(r: Row, claimToken: string): OutboxJob {
  const base = {
    outboxId: str(r['outbox_id']),
    channel: str(r['channel']) as Channel,
    claimToken,
    attempts: num(r['attempts']),
  };
  if (str(r['kind']) === 'invite') {
    return { ...base, kind: 'invite', invite: JSON.parse(str(r['payload'])) as InviteNotice };
  }
  return { ...base, kind: 'enquiry', submission: toSubmission(r) };
}

/** Why a mark-handled or reopen changed nothing: no such enquiry, already so, or not allowed. */
export function handledOutcome(status: string | null, handled: boolean): HandledResult {
  if (status === null) return 'not-found';
  if (handled) return status === 'handled' ? 'ok' : 'invalid';
  return status === 'new' || status === 'released' ? 'ok' : 'invalid';
}

/** Why a mark-spam changed nothing: no such enquiry, already held, or erased. */
export function spamOutcome(status: string | null): SpamResult {
  if (status === null) return 'not-found';
  return status === 'held' ? 'already' : 'invalid';
}

export function figures(
  queued: readonly Row[],
  failures: readonly Row[],
  oldestUndeliveredAt: number | null,
): DeliveryFigures {
  const channels = (['email', 'slack', 'webhook'] as const).map((channel) => {
    const q = queued.find((r) => r['channel'] === channel);
    const f = failures.find((r) => r['channel'] === channel);
    return {
      channel,
      backlog: q ? num(q['backlog']) : 0,
      oldestQueuedAt: q ? numOrNull(q['oldest']) : null,
      lastFailureAt: f ? numOrNull(f['last_failure_at']) : null,
      lastError: f?.['last_error'] == null ? null : str(f['last_error']),
    };
  });
  return { channels, oldestUndeliveredAt };
}
