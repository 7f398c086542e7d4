/**
 * Staff sessions to OWASP ASVS 5.0 V7 (docs/decisions/027-passkeys-and-staff-sessions.md,
 * https://owasp.org/www-project-application-security-verification-standard/): a 256-bit random
 * id in a cookie, only its SHA-256 in the store, a new id at every sign-in, timeouts judged on
 * every request. The cookie is `__Host-` on HTTPS; plain http://localhost cannot take the prefix.
 */
import { stringifySetCookie } from 'cookie';
import type { StaffAccount, StaffStore, StoredSession } from './store.ts';
import { hashToken, newToken, wellFormedToken } from './tokens.ts';

/** ms without a request. */
export const IDLE_TIMEOUT_MS = 30 * 60_000;
/** ms after sign-in, whatever happens. */
export const ABSOLUTE_TIMEOUT_MS = 12 * 3_600_000;
/**
 * The last-seen time is written at most this often, ms, so a page and its data requests cost one
 * write; a session then ends 29 to 30 minutes after the last request, never later.
 */
export const TOUCH_AFTER_MS = 60_000;

/** The cookies then take `Secure` and the `__Host-` prefix. */
const secureOrigin = (origin: string): boolean => new URL(origin).protocol === 'https:';

/** The session's and the passkey ceremony's cookie names at `origin` (STAFF_URL). */
export function cookieNames(origin: string): { session: string; ceremony: string } {
  const prefix = secureOrigin(origin) ? '__Host-' : '';
  return { session: `${prefix}staff_session`, ceremony: `${prefix}staff_ceremony` };
}

/**
 * A `Set-Cookie` value (https://www.rfc-editor.org/rfc/rfc6265): HttpOnly, SameSite=Strict,
 * Path=/, Secure on HTTPS.
 * @param maxAgeMs how long it lives; absent, it is cleared (empty, expired in 1970)
 */
export function setCookie(origin: string, name: string, value: string, maxAgeMs?: number): string {
  return stringifySetCookie({
    name,
    value: maxAgeMs === undefined ? '' : value,
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: secureOrigin(origin),
    ...(maxAgeMs === undefined ? { expires: new Date(0) } : { maxAge: maxAgeMs / 1000 }),
  });
}

/** The id goes into the cookie, the record into the store. */
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

/** The caller stores it, in its own transaction. */
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

export interface SignedIn {
  staff: StaffAccount;
  session: StoredSession;
}

/**
 * The session a cookie names, judged at `now`: `null` for none (no cookie, junk, unknown or
 * revoked id, disabled account), `'expired'` past its idle or absolute end (it is deleted then).
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
