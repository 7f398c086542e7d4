/**
 * Staff sessions and the inbox's guard, on the server only.
 *
 * Sessions follow OWASP ASVS 5.0 V7 (docs/decisions/027-passkeys-and-staff-sessions.md,
 * https://owasp.org/www-project-application-security-verification-standard/): a 256-bit random id
 * in a cookie, only its SHA-256 in the store, a new id at every sign-in, timeouts judged on every
 * request. The cookie is `__Host-` on HTTPS; plain http://localhost cannot take the prefix.
 *
 * The guard is the `/staff` layout's middleware (https://reactrouter.com/how-to/middleware,
 * docs/decisions/037-one-route-tree-for-the-site-and-the-inbox.md), run for every document, data
 * and resource request of the branch. It finds the session the cookie names, clears the cookie of
 * one that ended, and before any loader or action runs refuses:
 *
 * - a post from another site: `Origin` must be STAFF_URL or, absent, `Sec-Fetch-Site` must be
 *   `same-origin` (403; React Router has already answered 400 to an `Origin` that is neither the
 *   request's nor one of `allowedActionOrigins`);
 * - a body other than a form or JSON (415), of no stated length (411) or above 64 KB (413);
 * - anyone without a live session, but on the sign-in and invite pages: one redirect to sign-in,
 *   with `next` and, only when a session that ran out was presented, `expired=1`;
 * - a post without the session's forgery token (`csrf`, a form field or a JSON member) (403).
 *
 * Loaders and actions then read who is signed in with {@link staffRequest} and {@link signedIn}.
 */
import { parseCookie, stringifySetCookie } from 'cookie';
import {
  createContext,
  redirect,
  type HeadersFunction,
  type MiddlewareFunction,
  type RouterContextProvider,
} from 'react-router';
import { staffContext, type StaffServer } from '../app/load-context.ts';
import { audit, type AuditAction } from '../server/staff/audit.ts';
import type { NewSession, StaffAccount, StaffStore, StoredSession } from '../server/staff/store.ts';
import { hashToken, newToken, sameSecret, wellFormedToken } from '../server/staff/tokens.ts';
import { INVITE_PATH, SIGN_IN_PATH, signInPath } from './paths.ts';

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

/** A new session: its id for the cookie, its record for the store (the caller's transaction). */
export function issueSession(staffId: string, now: number): { id: string; record: NewSession } {
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

/**
 * Every staff answer's: stored by no one, indexed by no one, and no Referer outside the origin (an
 * invite's token is in its URL; `no-referrer` would make browsers post `Origin: null`, refused).
 */
export const STAFF_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

/** A page's headers: the layout's, and its loader's or action's `Retry-After` (a rate limit). */
export const withRetryAfter: HeadersFunction = ({
  parentHeaders,
  loaderHeaders,
  actionHeaders,
}) => {
  const headers = new Headers(parentHeaders);
  const retry = actionHeaders.get('Retry-After') ?? loaderHeaders.get('Retry-After');
  if (retry) headers.set('Retry-After', retry);
  return headers;
};

/** Bytes; a staff form or a passkey's answer is far smaller. */
const BODY_LIMIT_BYTES = 64 * 1024;
const BODY_TYPES = ['application/x-www-form-urlencoded', 'application/json'];
/** Where no session is needed: signing in, and enrolling from an invite. */
const OPEN_PATHS: ReadonlySet<string> = new Set([SIGN_IN_PATH, INVITE_PATH]);

/** One request of the inbox as the guard found it. */
export interface StaffRequest {
  server: StaffServer;
  signedIn: SignedIn | null;
  /** A session that ran out (idle or absolute timeout) was presented. */
  expired: boolean;
  /** The presented session id's hash, live or not: a new session replaces it. */
  presentedIdHash: string | null;
}

const requestContext = createContext<StaffRequest>();

type Context = Readonly<RouterContextProvider>;

export const staffRequest = (context: Context): StaffRequest => context.get(requestContext);

/** The signed-in person of a page the guard lets no one else reach. */
export function signedIn(context: Context): SignedIn {
  const person = staffRequest(context).signedIn;
  if (!person) throw new Error('No session on a page the guard keeps for signed-in staff');
  return person;
}

/** Records what the signed-in person did (`src/server/staff/audit.ts`). */
export function record(
  context: Context,
  action: AuditAction,
  enquiryId: string | null = null,
  detail = '',
): Promise<void> {
  const { store, now } = staffRequest(context).server;
  return audit(store, now(), signedIn(context).staff.id, action, enquiryId, detail);
}

/** The `Set-Cookie` that clears this browser's session cookie (signing out). */
export function clearedSession(context: Context): string {
  const { origin } = staffRequest(context).server;
  return setCookie(origin, cookieNames(origin).session, '');
}

function refuse(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { ...STAFF_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/** Browsers send `Origin` with every POST (https://fetch.spec.whatwg.org/#origin-header). */
function fromInbox(request: Request, origin: string): boolean {
  const claimed = request.headers.get('origin');
  return claimed ? claimed === origin : request.headers.get('sec-fetch-site') === 'same-origin';
}

function badBody(request: Request): Response | null {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!BODY_TYPES.includes(type)) return refuse(415, 'Unsupported Media Type: send a form.');
  const length = request.headers.get('content-length');
  if (length === null) return refuse(411, 'Length Required');
  if (Number(length) > BODY_LIMIT_BYTES) return refuse(413, 'Content Too Large');
  return null;
}

/** The posted forgery token, read from a copy so the action still has the body. */
async function postedToken(request: Request): Promise<string> {
  const copy = request.clone();
  const json = copy.headers.get('content-type')?.startsWith('application/json');
  const token = await (
    json
      ? copy.json().then((body: { csrf?: unknown } | null) => body?.csrf)
      : copy.formData().then((form) => form.get('csrf'))
  ).catch(() => null);
  return typeof token === 'string' ? token : '';
}

/** The answer that stops this request before its loaders or action, or null to go on. */
async function refusal(
  request: Request,
  url: URL,
  { server, signedIn: live, expired }: StaffRequest,
): Promise<Response | null> {
  const post = request.method === 'POST';
  if (post && !fromInbox(request, server.origin)) {
    const origin = request.headers.get('origin')?.slice(0, 200) ?? null;
    server.logger.warn({ origin }, 'cross-site staff request refused');
    return refuse(403, 'Forbidden: this request did not come from the inbox.');
  }
  const body = post ? badBody(request) : null;
  if (body || OPEN_PATHS.has(url.pathname)) return body;
  if (!live) {
    return redirect(signInPath(url, expired), { status: post ? 303 : 302, headers: STAFF_HEADERS });
  }
  if (post && !sameSecret(await postedToken(request), live.session.csrfToken)) {
    return refuse(403, 'Forbidden: this form is out of date. Reload the page and try again.');
  }
  return null;
}

export const guard: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const server = context.get(staffContext);
  const names = cookieNames(server.origin);
  const cookie = parseCookie(request.headers.get('cookie') ?? '')[names.session];
  const found = await resolveSession(server.store, cookie, server.now());
  const live = found === 'expired' ? null : found;
  const staff: StaffRequest = {
    server,
    signedIn: live,
    expired: found === 'expired',
    presentedIdHash: wellFormedToken(cookie) ? hashToken(cookie) : null,
  };
  context.set(requestContext, staff);
  const response = (await refusal(request, url, staff)) ?? (await next());
  // The cookie of a session that ended goes, unless this answer starts a new one.
  const renewed = response.headers.getSetCookie().some((c) => c.startsWith(`${names.session}=`));
  if (cookie !== undefined && !live && !renewed) {
    response.headers.append('Set-Cookie', setCookie(server.origin, names.session, ''));
  }
  return response;
};
