/**
 * OWASP ASVS 5.0 V6.3.1 (https://github.com/OWASP/ASVS): a passkey cannot be guessed, so these
 * stand against load and enumeration. Counted in the store, so they hold across instances.
 */
import type { RateLimitResult } from '../enquiries/store.ts';
import type { StaffStore } from './store.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

const TEN_MINUTES_MS = 600_000;

export const LIMITS = {
  /** Sign-in ceremonies started by one client. */
  signInClient: { max: 30, windowMs: TEN_MINUTES_MS },
  /** Sign-in answers for one account that failed verification. */
  signInAccount: { max: 10, windowMs: TEN_MINUTES_MS },
  /** Invite pages and enrolment ceremonies by one client. */
  inviteClient: { max: 30, windowMs: TEN_MINUTES_MS },
  /** Uses of one invite link. */
  inviteAccount: { max: 10, windowMs: TEN_MINUTES_MS },
} as const satisfies Record<string, Limit>;

/** @param peek reads without counting: `allowed` is false when the next would be refused */
export function countAttempt(
  store: StaffStore,
  kind: keyof typeof LIMITS,
  subject: string,
  now: number,
  peek = false,
): Promise<RateLimitResult> {
  const { max, windowMs } = LIMITS[kind];
  const key = `staff:${kind}:${subject}`;
  return peek ? store.peekLimit(key, max, windowMs, now) : store.hit(key, max, windowMs, now);
}

/** Whole seconds, at least 1, for `Retry-After`. */
export function retryAfterSeconds(result: RateLimitResult, now: number): number {
  return Math.max(1, Math.ceil((result.resetAt - now) / 1000));
}
