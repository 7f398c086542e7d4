/**
 * Staff sessions (OWASP ASVS 5.0 chapter V7, session management;
 * docs/decisions/027-passkeys-and-staff-sessions.md):
 *
 * - the session id is 256 random bits in a cookie; the store keeps its SHA-256 hash only;
 * - a new id at every sign-in; an id the browser presented before is deleted, never kept;
 * - idle timeout {@link IDLE_TIMEOUT_MS}, absolute {@link ABSOLUTE_TIMEOUT_MS}, both judged by the
 *   server on every request (the cookie's Max-Age is only the absolute end);
 * - the cookie is `__Host-` prefixed, `Secure`, `HttpOnly`, `SameSite=Strict`, `Path=/` when the
 *   staff origin is HTTPS; on plain http://localhost (development, tests) the prefix and `Secure`
 *   are impossible, so the name drops the prefix;
 * - signing out deletes the session row; signing out everywhere deletes all of the account's.
 */
import type { CookieOptions } from 'express';
import type { StaffAccount, StaffStore, StoredSession } from './store.ts';
import { hashToken, newToken, wellFormedToken } from './tokens.ts';

/** A session ends after this long without a request, ms (30 minutes). */
export const IDLE_TIMEOUT_MS = 30 * 60_000;
/** A session ends this long after sign-in whatever happens, ms (12 hours). */
export const ABSOLUTE_TIMEOUT_MS = 12 * 3_600_000;
/**
 * The last-seen time is written at most this often, ms, so a page and its data requests cost one
 * write, not several; the idle timeout then ends a session between 29 and 30 minutes after the
 * last request, never later.
 */
export const TOUCH_AFTER_MS = 60_000;

/** True when the staff origin is HTTPS: the cookies then take `Secure` and the `__Host-` prefix. */
export const secureOrigin = (origin: string): boolean => new URL(origin).protocol === 'https:';

/** The session cookie's name for the staff origin. */
export function sessionCookieName(origin: string): string {
  return secureOrigin(origin) ? '__Host-staff_session' : 'staff_session';
}

/** The passkey ceremony cookie's name for the staff origin (see `passkeys.ts`). */
export function ceremonyCookieName(origin: string): string {
  return secureOrigin(origin) ? '__Host-staff_ceremony' : 'staff_ceremony';
}

/** Options of every staff cookie: HttpOnly, SameSite=Strict, Path=/, Secure on HTTPS. */
export function cookieOptions(origin: string, maxAgeMs?: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: secureOrigin(origin),
    ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs }),
  };
}

/** A session just made: the id goes into the cookie, the record into the store. */
export interface IssuedSession {
  id: string;
  record: {
    idHash: string;
    staffId: string;
    csrfToken: string;
    createdAt: number;
    expiresAt: number;
  };
}

/** Makes a new session for an account at `now` (stored by the caller, in its transaction). */
export function issueSession(staffId: string, now: number): IssuedSession {
  const id = newToken();
  return {
    id,
    record: {
      idHash: hashToken(id),
      staffId,
      csrfToken: newToken(),
      createdAt: now,
      expiresAt: now + ABSOLUTE_TIMEOUT_MS,
    },
  };
}

/** A signed-in request's session. */
export interface SignedIn {
  staff: StaffAccount;
  session: StoredSession;
}

/**
 * The session a cookie value names, judged at `now`: `null` when there is none (no cookie, junk,
 * unknown or revoked id, disabled account), `'expired'` when it passed its idle or absolute end
 * (it is deleted then). A live session's last-seen time moves forward (at most once per
 * {@link TOUCH_AFTER_MS}).
 */
export async function resolveSession(
  store: StaffStore,
  cookieValue: string | undefined,
  now: number,
): Promise<SignedIn | 'expired' | null> {
  if (!wellFormedToken(cookieValue)) return null;
  const idHash = hashToken(cookieValue);
  const found = await store.findSession(idHash);
  if (!found) return null;
  const { session, staff } = found;
  if (staff.disabledAt !== null) {
    await store.deleteSession(idHash);
    return null;
  }
  if (now >= session.expiresAt || now - session.lastSeenAt >= IDLE_TIMEOUT_MS) {
    await store.deleteSession(idHash);
    return 'expired';
  }
  if (now - session.lastSeenAt >= TOUCH_AFTER_MS) {
    await store.touchSession(idHash, now);
    session.lastSeenAt = now;
  }
  return found;
}
