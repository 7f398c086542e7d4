/**
 * Rate limits on sign-in and invites, per client and per account, counted in the store's
 * `rate_limits` table like the contact form's limit, so they hold across instances (OWASP ASVS
 * 5.0 V6.3.1). Clients are known by the salted hash of their address (`hashIp`), never the
 * address.
 *
 * A passkey cannot be guessed, so these limits exist against load and enumeration: one account
 * may be tried 10 times in 10 minutes whatever the number of clients; one client (an office
 * behind one address signing in at 9:30 counts as one) 30 sign-ins, or 30 steps with invite
 * links (opening the page, starting and finishing the ceremony), in 10 minutes.
 */
import type { RateLimitResult } from '../enquiries/store.ts';
import type { StaffStore } from './store.ts';

/** One fixed-window limit. */
export interface Limit {
  max: number;
  windowMs: number;
}

const TEN_MINUTES_MS = 600_000;

/** The staff side's limits, by what they count. */
export const LIMITS = {
  /** Sign-in ceremonies started by one client. */
  signInClient: { max: 30, windowMs: TEN_MINUTES_MS },
  /** Sign-in answers checked for one account. */
  signInAccount: { max: 10, windowMs: TEN_MINUTES_MS },
  /** Invite pages and enrolment ceremonies by one client. */
  inviteClient: { max: 30, windowMs: TEN_MINUTES_MS },
  /** Uses of one invite link. */
  inviteAccount: { max: 10, windowMs: TEN_MINUTES_MS },
} as const satisfies Record<string, Limit>;

/** Counts one attempt under `key`; `allowed` false once the window's count passes the limit. */
export function countAttempt(
  store: StaffStore,
  kind: keyof typeof LIMITS,
  subject: string,
  now: number,
): Promise<RateLimitResult> {
  const { max, windowMs } = LIMITS[kind];
  return store.hit(`staff:${kind}:${subject}`, max, windowMs, now);
}

/** Whole seconds until a refused client may try again (at least 1), for `Retry-After`. */
export function retryAfterSeconds(result: RateLimitResult, now: number): number {
  return Math.max(1, Math.ceil((result.resetAt - now) / 1000));
}
