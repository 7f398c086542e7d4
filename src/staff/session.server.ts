/**
 * Staff sessions (https://reactrouter.com/explanation/sessions-and-cookies) as OWASP ASVS 5.0 V7
 * asks (https://owasp.org/www-project-application-security-verification-standard/,
 * docs/decisions/027-passkeys-and-staff-sessions.md): a 256-bit random id in a signed cookie, only
 * its SHA-256 stored, a new id at every sign-in. `__Host-` and `Secure` only on HTTPS (plain
 * http://localhost can take neither). The guard is the `/staff` layout's middleware
 * (docs/decisions/037-one-route-tree-for-the-site-and-the-inbox.md); posts passed the one guard for
 * posts before it (docs/decisions/040-one-guard-for-posts.md).
 */
import {
  createContext,
  createCookie,
  createSession,
  createSessionStorage,
  redirect,
  type Cookie,
  type HeadersFunction,
  type MiddlewareFunction,
  type RouterContextProvider,
  type Session,
  type SessionStorage,
} from 'react-router';
import { staffContext, type StaffRuntime, type StaffServer } from '../server/staff/runtime.ts';
import { signingKey } from '../server/enquiries/secret.ts';
import { audit, type AuditAction } from '../server/staff/audit.ts';
import type {
  StaffAccount,
  StaffStore,
  StoredPasskey,
  StoredSession,
} from '../server/staff/store.ts';
import { hashToken, newToken, wellFormedToken } from '../server/staff/tokens.ts';
import { INVITE_PATH, SIGN_IN_PATH, signInPath, STAFF_HEADERS } from '../lib/staff-paths.ts';

/** ms without a request. */
export const IDLE_TIMEOUT_MS = 30 * 60_000;
/** ms after sign-in, whatever happens. */
export const ABSOLUTE_TIMEOUT_MS = 12 * 3_600_000;
/** ms between last-seen writes: one write per page and its data; the idle end stays ≤ 30 min. */
export const TOUCH_AFTER_MS = 60_000;

/** The session's and the passkey ceremony's cookie names at `origin` (STAFF_URL). */
export function cookieNames(origin: string): { session: string; ceremony: string } {
  const prefix = new URL(origin).protocol === 'https:' ? '__Host-' : '';
  return { session: `${prefix}staff_session`, ceremony: `${prefix}staff_ceremony` };
}

/** The session's or a passkey ceremony's cookie at STAFF_URL, signed with the server's secret. */
export function staffCookie(
  { origin, secret }: Pick<StaffRuntime, 'origin' | 'secret'>,
  kind: 'session' | 'ceremony',
): Cookie {
  return createCookie(cookieNames(origin)[kind], {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: new URL(origin).protocol === 'https:',
    secrets: [signingKey(secret, `staff-${kind}`)],
  });
}

export interface SignedIn {
  staff: StaffAccount;
  session: StoredSession;
}

/** How a new session was earned: stored in that step's transaction (`StaffStore`). */
export type SessionStart = { staffId: string } & (
  { credentialId: string; counter: number } | { inviteTokenHash: string; passkey: StoredPasskey }
);

/** Read (live, or ran out), or about to start. */
interface SessionData {
  signedIn?: SignedIn;
  expired?: true;
  start?: SessionStart & { replaces: string | null };
}

/** Thrown by {@link startSession} when the invite was used meanwhile; nothing was stored. */
export class InviteTaken extends Error {
  override name = 'InviteTaken';
}

/** The session an id names, judged at `at`; one that ran out or whose account is off is deleted. */
async function read(store: StaffStore, id: unknown, at: number) {
  if (!wellFormedToken(id)) return null;
  const idHash = hashToken(id);
  const found = await store.findSession(idHash);
  if (!found) return null;
  const { session, staff } = found;
  const ended = at >= session.expiresAt || at - session.lastSeenAt >= IDLE_TIMEOUT_MS;
  if (ended || staff.disabledAt !== null) {
    await store.deleteSession(idHash);
    return ended && staff.disabledAt === null ? { expired: true as const } : null;
  }
  if (at - session.lastSeenAt >= TOUCH_AFTER_MS) {
    await store.touchSession(idHash, at);
    session.lastSeenAt = at;
  }
  return { signedIn: found };
}

function staffSessions(
  server: Pick<StaffServer, 'store' | 'now'>,
  cookie: Cookie,
): SessionStorage<SessionData> {
  const { store, now } = server;
  return createSessionStorage<SessionData>({
    cookie,
    async createData({ start }) {
      if (!start) throw new Error('A session starts only at sign-in');
      const id = newToken();
      const at = now();
      const record = {
        idHash: hashToken(id),
        staffId: start.staffId,
        // The forgery token is retired (docs/decisions/040-one-guard-for-posts.md).
        csrfToken: '',
        createdAt: at,
        expiresAt: at + ABSOLUTE_TIMEOUT_MS,
      };
      if ('credentialId' in start) {
        await store.signIn(start.credentialId, start.counter, record, start.replaces);
        await store.sweep(at, at - IDLE_TIMEOUT_MS);
      } else if (await store.enrol(start.inviteTokenHash, at, start.passkey, record)) {
        if (start.replaces) await store.deleteSession(start.replaces);
      } else {
        throw new InviteTaken('The invite was used meanwhile');
      }
      return id;
    },
    readData: (id) => read(store, id, now()),
    // A session's record never changes after sign-in; `readData` writes its last-seen time.
    updateData: () => Promise.resolve(),
    deleteData: async (id) => {
      if (wellFormedToken(id)) await store.deleteSession(hashToken(id));
    },
  });
}

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

const OPEN_PATHS: ReadonlySet<string> = new Set([SIGN_IN_PATH, INVITE_PATH]);

export interface StaffRequest {
  server: StaffServer;
  signedIn: SignedIn | null;
  /** A session that ran out (idle or absolute timeout) was presented. */
  expired: boolean;
  /** The session the cookie named, live or not (id '' for none): a new one replaces it. */
  session: Session<SessionData>;
  sessions: SessionStorage<SessionData>;
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

/**
 * A new id in `start`'s transaction, deleting the presented one (ASVS V7.2.4); resolves to the
 * `Set-Cookie` (12 hours); throws {@link InviteTaken}.
 */
export function startSession(context: Context, start: SessionStart): Promise<string> {
  const { sessions, session } = staffRequest(context);
  const replaces = wellFormedToken(session.id) ? hashToken(session.id) : null;
  const fresh = createSession<SessionData>({ start: { ...start, replaces } });
  return sessions.commitSession(fresh, { maxAge: ABSOLUTE_TIMEOUT_MS / 1000 });
}

/** Ends this browser's session (signing out): deletes it; the `Set-Cookie` clearing its cookie. */
export function endSession(context: Context): Promise<string> {
  const { sessions, session } = staffRequest(context);
  return sessions.destroySession(session);
}

/**
 * The signed-in person a request's `Cookie` header names, judged as the `/staff` guard judges it
 * (timeouts, disabled accounts), for a staff route served by Express before the route tree
 * (`src/server/content/media-upload.ts`); null for none.
 */
export async function signedInBy(
  server: Pick<StaffRuntime, 'store' | 'now' | 'origin' | 'secret'>,
  cookieHeader: string | undefined,
): Promise<SignedIn | null> {
  const session = await staffSessions(server, staffCookie(server, 'session')).getSession(
    cookieHeader ?? null,
  );
  return session.get('signedIn') ?? null;
}

export const guard: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const server = context.get(staffContext);
  const cookie = staffCookie(server, 'session');
  const sessions = staffSessions(server, cookie);
  const header = request.headers.get('cookie');
  const session = await sessions.getSession(header);
  const live = session.get('signedIn') ?? null;
  const expired = session.get('expired') === true;
  context.set(requestContext, { server, signedIn: live, expired, session, sessions });
  const response =
    live || OPEN_PATHS.has(url.pathname)
      ? await next()
      : redirect(signInPath(url, expired), {
          status: request.method === 'POST' ? 303 : 302,
          headers: STAFF_HEADERS,
        });
  // An ended session's cookie goes, unless this answer starts a new one.

  const named = (line: string) => line.startsWith(`${cookie.name}=`);
  if (
    !live &&
    header?.includes(`${cookie.name}=`) &&
    !response.headers.getSetCookie().some(named)
  ) {
    response.headers.append('Set-Cookie', await cookie.serialize('', { expires: new Date(0) }));
  }
  return response;
};
