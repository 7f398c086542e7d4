/**
 * The one enquiry the pipeline and server suites submit, as form fields and as a store row, and
 * the store insert that every store-level test uses (the hot path `submit` with a limit no test
 * reaches).
 */
import { randomUUID } from 'node:crypto';
import type {
  InsertResult,
  NewSubmission,
  SubmissionStore,
} from '../../../src/server/enquiries/store.ts';
import type { Channel } from '../../../src/server/inbox/types.ts';

/** The four visitor fields of a valid enquiry. */
export const ENQUIRY = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  subject: 'Launch coverage',
  message: 'We are launching in March and would like to talk.',
} as const;

/**
 * The valid enquiry as URL-encoded form data; `undefined` in `over` removes a field. No start
 * cookie travels with a body: the time trap treats that as a person (decision 009).
 */
export function formBody(over: Partial<Record<string, string | undefined>> = {}): URLSearchParams {
  const body = new URLSearchParams(ENQUIRY);
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) body.delete(k);
    else body.set(k, v);
  }
  return body;
}

/** A row for the store: the valid enquiry received now, as a person's, with a unique content key. */
export function newSubmission(over: Partial<NewSubmission> = {}): NewSubmission {
  const id = randomUUID();
  return {
    id,
    ...ENQUIRY,
    receivedAt: Date.now(),
    ipHash: 'h'.repeat(64),
    userAgent: 'UA',
    privacyNoticeVersion: 'v1',
    spam: 'ham',
    dedupeKey: `k-${id}`,
    ...over,
  };
}

/**
 * Stores `sub` through the store's one write path, never rate-limited, queued for `channels`
 * (default: e-mail only).
 */
export async function insert(
  store: SubmissionStore,
  sub: NewSubmission,
  dedupeWindowMs = 600_000,
  channels?: readonly Channel[],
): Promise<InsertResult> {
  const limit = { key: 'fixture', max: Number.MAX_SAFE_INTEGER, windowMs: 1 };
  const { stored } = await store.submit(sub, limit, dedupeWindowMs, channels);
  if (!stored) throw new Error('the fixture limit refused a submission');
  return stored;
}
