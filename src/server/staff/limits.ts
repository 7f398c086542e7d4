/** OWASP ASVS 5.0 V6.3.1: a passkey cannot be guessed; these stand against load, enumeration. */
import type { RateLimitResult } from '../enquiries/store.ts';
import type { StaffStore } from './store.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

const TEN_MINUTES_MS = 600_000;

export const LIMITS = {
  signInClient: { max: 30, windowMs: TEN_MINUTES_MS },
  /** Failed verifications only. */
  signInAccount: { max: 10, windowMs: TEN_MINUTES_MS },
  inviteClient: { max: 30, windowMs: TEN_MINUTES_MS },
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

/** Whole seconds ≥ 1. */
export function retryAfterSeconds(result: RateLimitResult, now: number): number {
  return Math.max(1, Math.ceil((result.resetAt - now) / 1000));
}
