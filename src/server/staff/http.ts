/**
 * The staff inbox under `/staff` (docs/decisions/028-staff-app-apart-from-the-public-pages.md).
 * `Referrer-Policy: same-origin` keeps an invite's token out of Referers; `no-referrer` would send
 * `Origin: null` (https://fetch.spec.whatwg.org/#append-a-request-origin-header), which the CSRF
 * check refuses: every POST must come from the staff origin, with the session's CSRF token if any.
 */
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import expressStaticGzip from 'express-static-gzip';
import { isRouteErrorResponse } from 'react-router';
import { z } from 'zod';
import { safeNext, STAFF_BASE } from '../../staff/paths.ts';
import { RPC_METHODS, type RpcMethod, type StaffServices } from '../../staff/services.ts';
import { STATUSES } from '../../staff/statuses.ts';
import { hashIp } from '../enquiries/secret.ts';
import { audit } from './audit.ts';
import { checkInvite } from './invites.ts';
import { countAttempt, retryAfterSeconds } from './limits.ts';
import {
  answerCredentialId,
  beginRegistration,
  beginSignIn,
  CEREMONY_TIMEOUT_MS,
  finishRegistration,
  finishSignIn,
  takeCeremony,
} from './passkeys.ts';
import { renderStaff, type StaffRenderDeps } from './render.ts';
import type { StaffRuntime } from './runtime.ts';
import { requestServices } from './services.ts';
import {
  ceremonyCookieName,
  cookieOptions,
  issueSession,
  resolveSession,
  sessionCookieName,
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  type SignedIn,
} from './sessions.ts';
import { hashToken, sameSecret, wellFormedToken } from './tokens.ts';

const BODY_LIMIT = '64kb';
/** Where the session's CSRF token travels: a form field, or a header for the JSON API. */
export const CSRF_FIELD = 'csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** Left by the session middleware. */
interface StaffLocals {
  signedIn: SignedIn | null;
  expired: boolean;
  /** The presented session id's hash, live or not: sign-in deletes it. */
  presentedIdHash: string | null;
}

const locals = (res: Response): StaffLocals => res.locals as StaffLocals;

/** https://www.rfc-editor.org/rfc/rfc6265#section-5.4 */
function readCookie(req: Request, name: string): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/** `{ error }`; every `/staff` answer is already `no-store`. */
function refuse(res: Response, status: number, error: string, retryAfter?: number): void {
  if (retryAfter !== undefined) res.set('Retry-After', String(retryAfter));
  res.status(status).json({ error });
}

/** Checked before the call: the browser is not trusted. */
const id = z.string().min(1).max(200);
const RPC_ARGS: Record<RpcMethod, z.ZodType<unknown[]>> = {
  session: z.tuple([]),
  invite: z.tuple([z.string().max(200).nullable()]),
  list: z.tuple([
    z
      .object({
        status: z.enum(STATUSES).optional(),
        q: z.string().max(200).optional(),
        page: z.number().int().min(1).max(100_000).optional(),
        pageSize: z.number().int().min(1).max(100).optional(),
      })
      .strict(),
  ]),
  get: z.tuple([id]),
  setHandled: z.tuple([id, z.boolean()]),
  release: z.tuple([id]),
  markSpam: z.tuple([id]),
  erasePreview: z.tuple([z.email().max(254)]),
  erase: z.tuple([z.email().max(254)]),
  health: z.tuple([]),
  passkeys: z.tuple([]),
  revokePasskey: z.tuple([id.max(1400)]),
  signOut: z.tuple([]),
  signOutEverywhere: z.tuple([]),
};

/** No session, so no CSRF token. */
const PUBLIC_METHODS: ReadonlySet<RpcMethod> = new Set(['session', 'invite']);

export interface StaffMount {
  runtime: StaffRuntime;
  entry: StaffRenderDeps['entry'];
  assets: StaffRenderDeps['assets'];
  /** Production's `<build>/staff`, whose `staff/assets/` are served at `/staff/assets/`. */
  staticDir?: string | undefined;
}

export interface StaffHttpDeps extends StaffMount {
  logger: StaffRenderDeps['logger'];
  dev: boolean;
}

export const isStaffPath = (path: string): boolean =>
  path === STAFF_BASE || path.startsWith(`${STAFF_BASE}/`);

export function staffRoutes(deps: StaffHttpDeps): express.Router {
  const { runtime } = deps;
  const { store, origin, rp, now } = runtime;
  const { logger } = deps;
  const sessionCookie = sessionCookieName(origin);
  const ceremonyCookie = ceremonyCookieName(origin);
  const clientKey = (req: Request) =>
    hashIp(runtime.secret, req.ip ?? req.socket.remoteAddress ?? '');

  const services = (req: Request, res: Response): StaffServices => {
    const { signedIn, expired } = locals(res);
    return requestServices({
      store,
      inbox: runtime.inbox,
      now,
      signedIn,
      expired,
      clientKey: clientKey(req),
      signInUrl: new URL(req.originalUrl, origin),
      async endSession() {
        if (signedIn) await store.deleteSession(signedIn.session.idHash);
        res.clearCookie(sessionCookie, cookieOptions(origin));
      },
    });
  };

  const startSession = (res: Response, sessionId: string) =>
    res.cookie(sessionCookie, sessionId, cookieOptions(origin, ABSOLUTE_TIMEOUT_MS));

  const headers: RequestHandler = (_req, res, next) => {
    res.set({
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      'Referrer-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
    next();
  };

  const session: RequestHandler = async (req, res, next) => {
    try {
      const cookie = readCookie(req, sessionCookie);
      const found = await resolveSession(store, cookie, now());
      const live = found !== null && found !== 'expired';
      res.locals['signedIn'] = live ? found : null;
      res.locals['expired'] = found === 'expired';
      res.locals['presentedIdHash'] = wellFormedToken(cookie) ? hashToken(cookie) : null;
      if (cookie !== undefined && !live) res.clearCookie(sessionCookie, cookieOptions(origin));
      next();
    } catch (error) {
      next(error);
    }
  };

  /** CSRF: 403 unless the request comes from a page of the staff origin. */
  const sameOrigin: RequestHandler = (req, res, next) => {
    const claimed = req.get('origin');
    // Browsers send Origin with every POST (https://fetch.spec.whatwg.org/#origin-header);
    // lacking it, Fetch Metadata tells.
    const ok = claimed ? claimed === origin : req.get('sec-fetch-site') === 'same-origin';
    if (ok) return next();
    logger.warn({ origin: claimed?.slice(0, 200) ?? null }, 'cross-site staff request refused');
    res.status(403).type('text/plain').send('Forbidden: this request did not come from the inbox.');
  };

  const json = express.json({ limit: BODY_LIMIT, type: () => true });
  const jsonBody: RequestHandler = (req, res, next) => {
    if (!req.is('application/json')) {
      res.status(415).type('text/plain').send('Unsupported Media Type: send JSON.');
      return;
    }
    json(req, res, next);
  };

  /** The JSON API's session and CSRF token (all but sign-in and invites). */
  const apiSignedIn: RequestHandler = (req, res, next) => {
    const { signedIn } = locals(res);
    if (!signedIn) return refuse(res, 401, 'Your session has ended. Sign in again.');
    if (!sameSecret(req.get(CSRF_HEADER) ?? '', signedIn.session.csrfToken)) {
      return refuse(res, 403, 'This page is out of date. Reload it and try again.');
    }
    next();
  };

  const raw = express.raw({ type: () => true, limit: BODY_LIMIT });
  /** Form posts: URL-encoded, a signed-in session, its CSRF token in the `csrf` field. */
  const formGuard: RequestHandler = (req, res, next) => {
    if (!req.is('application/x-www-form-urlencoded')) {
      res.status(415).type('text/plain').send('Unsupported Media Type: send the form as a form.');
      return;
    }
    raw(req, res, (err?: unknown) => {
      if (err) return next(err);
      const { signedIn, expired } = locals(res);
      if (!signedIn) {
        res.redirect(303, `${STAFF_BASE}/sign-in${expired ? '?expired=1' : ''}`);
        return;
      }
      const body = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      const token = new URLSearchParams(body).get(CSRF_FIELD) ?? '';
      if (!sameSecret(token, signedIn.session.csrfToken)) {
        res
          .status(403)
          .type('text/plain')
          .send('Forbidden: this form is out of date. Go back, reload the page and try again.');
        return;
      }
      next();
    });
  };

  const handle =
    (fn: (req: Request, res: Response) => Promise<void>): RequestHandler =>
    (req, res, next: NextFunction) => {
      fn(req, res).catch(next);
    };

  const ceremonyStarted = (res: Response, ceremonyId: string) =>
    res.cookie(ceremonyCookie, ceremonyId, cookieOptions(origin, CEREMONY_TIMEOUT_MS));
  /** One use: clears its cookie. */
  const ceremonyOf = (
    req: Request,
    res: Response,
    purpose: 'sign-in' | 'enrol' | 'add-passkey',
  ) => {
    res.clearCookie(ceremonyCookie, cookieOptions(origin));
    return takeCeremony(store, readCookie(req, ceremonyCookie), purpose, now());
  };
  const SLOW = 'This took too long or was already used. Try again.';

  const router = express.Router();
  router.use(STAFF_BASE, headers);
  if (deps.staticDir) {
    router.use(
      `${STAFF_BASE}/assets`,
      expressStaticGzip(`${deps.staticDir}/staff/assets`, {
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        index: false,
        serveStatic: {
          immutable: true,
          lastModified: false,
          maxAge: 31_536_000_000,
          fallthrough: false,
          redirect: false,
        },
      }),
    );
  }
  router.use(STAFF_BASE, session);
  router.post(`${STAFF_BASE}/{*rest}`, sameOrigin);
  router.post(`${STAFF_BASE}/api/{*rest}`, jsonBody);

  router.post(
    `${STAFF_BASE}/api/sign-in/options`,
    handle(async (req, res) => {
      const at = now();
      const limit = await countAttempt(store, 'signInClient', clientKey(req), at);
      if (!limit.allowed) {
        const wait = retryAfterSeconds(limit, at);
        return refuse(
          res,
          429,
          `Too many sign-in attempts. Try again in ${Math.ceil(wait / 60)} minutes.`,
          wait,
        );
      }
      const { ceremonyId, options } = await beginSignIn(store, rp, at);
      ceremonyStarted(res, ceremonyId);
      res.json({ options });
    }),
  );

  router.post(
    `${STAFF_BASE}/api/sign-in/verify`,
    handle(async (req, res) => {
      const body = req.body as { response?: unknown; next?: unknown };
      const ceremony = await ceremonyOf(req, res, 'sign-in');
      if (!ceremony) return refuse(res, 400, SLOW);
      const at = now();
      const credentialId = answerCredentialId(body.response);
      const known = credentialId ? await store.findPasskey(credentialId) : null;
      if (known) {
        const limit = await countAttempt(store, 'signInAccount', known.staff.id, at);
        if (!limit.allowed) {
          const wait = retryAfterSeconds(limit, at);
          return refuse(
            res,
            429,
            `Too many sign-in attempts for this account. Try again in ${Math.ceil(wait / 60)} minutes.`,
            wait,
          );
        }
      }
      const check = await finishSignIn(store, rp, ceremony, body.response);
      if (!check.ok) {
        if (check.staff) await audit(store, at, check.staff.id, 'sign-in-refused');
        return refuse(
          res,
          401,
          check.staff?.disabledAt != null
            ? 'This account is disabled. Ask the person who runs the website.'
            : 'That passkey was not accepted. Use the passkey you created for this inbox.',
        );
      }
      const issued = issueSession(check.staff.id, at);
      await store.signIn(
        check.passkey.id,
        check.counter,
        issued.record,
        locals(res).presentedIdHash,
      );
      await store.sweep(at, at - IDLE_TIMEOUT_MS);
      await audit(store, at, check.staff.id, 'sign-in');
      startSession(res, issued.id);
      res.json({ redirectTo: safeNext(typeof body.next === 'string' ? body.next : null) });
    }),
  );

  /** The invite behind the body's token, counted against both invite limits, or null, refused. */
  const usableInvite = async (req: Request, res: Response) => {
    const token = (req.body as { token?: unknown }).token;
    const at = now();
    const client = await countAttempt(store, 'inviteClient', clientKey(req), at);
    if (!client.allowed) {
      refuse(res, 429, 'Too many attempts. Wait a few minutes.', retryAfterSeconds(client, at));
      return null;
    }
    const check = await checkInvite(store, typeof token === 'string' ? token : null, at);
    if (check.kind !== 'valid') {
      const says = {
        unknown: 'This invite link is not valid.',
        expired: 'This invite link has expired. Ask for a new one.',
        used: 'This invite link has already been used. Sign in instead.',
        disabled: 'This account is disabled.',
      } as const;
      refuse(
        res,
        check.kind === 'unknown' ? 404 : check.kind === 'disabled' ? 403 : 410,
        says[check.kind],
      );
      return null;
    }
    const uses = await countAttempt(store, 'inviteAccount', check.invite.tokenHash, at);
    if (!uses.allowed) {
      refuse(
        res,
        429,
        'Too many attempts with this link. Wait a few minutes.',
        retryAfterSeconds(uses, at),
      );
      return null;
    }
    return check.invite;
  };

  router.post(
    `${STAFF_BASE}/api/invite/options`,
    handle(async (req, res) => {
      const invite = await usableInvite(req, res);
      if (!invite) return;
      const { ceremonyId, options } = await beginRegistration(
        store,
        rp,
        invite.staff,
        'enrol',
        now(),
      );
      ceremonyStarted(res, ceremonyId);
      res.json({ options });
    }),
  );

  router.post(
    `${STAFF_BASE}/api/invite/verify`,
    handle(async (req, res) => {
      const ceremony = await ceremonyOf(req, res, 'enrol');
      const invite = await usableInvite(req, res);
      if (!invite) return;
      if (!ceremony || ceremony.staffId !== invite.staff.id) return refuse(res, 400, SLOW);
      const at = now();
      const passkey = await finishRegistration(
        rp,
        ceremony,
        (req.body as { response?: unknown }).response,
        at,
      );
      if (!passkey) return refuse(res, 400, 'The passkey could not be verified. Try again.');
      const issued = issueSession(invite.staff.id, at);
      if (!(await store.enrol(invite.tokenHash, at, passkey, issued.record))) {
        return refuse(res, 410, 'This invite link has already been used. Sign in instead.');
      }
      const presented = locals(res).presentedIdHash;
      if (presented) await store.deleteSession(presented);
      await audit(store, at, invite.staff.id, 'passkey-added');
      await audit(store, at, invite.staff.id, 'sign-in', null, 'enrolled');
      startSession(res, issued.id);
      res.json({ redirectTo: STAFF_BASE });
    }),
  );

  router.post(
    `${STAFF_BASE}/api/passkeys/options`,
    apiSignedIn,
    handle(async (_req, res) => {
      const me = locals(res).signedIn as SignedIn;
      const { ceremonyId, options } = await beginRegistration(
        store,
        rp,
        me.staff,
        'add-passkey',
        now(),
      );
      ceremonyStarted(res, ceremonyId);
      res.json({ options });
    }),
  );

  router.post(
    `${STAFF_BASE}/api/passkeys/verify`,
    apiSignedIn,
    handle(async (req, res) => {
      const me = locals(res).signedIn as SignedIn;
      const ceremony = await ceremonyOf(req, res, 'add-passkey');
      if (!ceremony || ceremony.staffId !== me.staff.id) return refuse(res, 400, SLOW);
      const at = now();
      const passkey = await finishRegistration(
        rp,
        ceremony,
        (req.body as { response?: unknown }).response,
        at,
      );
      if (!passkey) return refuse(res, 400, 'The passkey could not be verified. Try again.');
      if (await store.findPasskey(passkey.id)) {
        return refuse(res, 409, 'This device already holds a passkey for your account.');
      }
      await store.addPasskey(passkey);
      await audit(store, at, me.staff.id, 'passkey-added');
      res.json({ redirectTo: `${STAFF_BASE}/account?done=added` });
    }),
  );

  router.post(
    `${STAFF_BASE}/api/rpc/:method`,
    handle(async (req, res) => {
      const method = req.params['method'] as RpcMethod;
      if (!(RPC_METHODS as readonly string[]).includes(method))
        return refuse(res, 404, 'No such method.');
      if (!PUBLIC_METHODS.has(method)) {
        let passed = false;
        apiSignedIn(req, res, () => (passed = true));
        if (!passed) return;
      }
      const args = RPC_ARGS[method].safeParse((req.body as { args?: unknown }).args);
      if (!args.success) return refuse(res, 400, 'Bad arguments.');
      const call = services(req, res)[method] as (...a: unknown[]) => Promise<unknown>;
      try {
        res.json({ result: (await call(...args.data)) ?? null });
      } catch (error) {
        if (error instanceof globalThis.Response) {
          return refuse(res, 401, 'Your session has ended. Sign in again.');
        }
        if (isRouteErrorResponse(error)) return refuse(res, error.status, String(error.data));
        throw error;
      }
    }),
  );

  router.all(`${STAFF_BASE}/api/{*rest}`, (_req, res) => refuse(res, 404, 'Not found.'));

  const render = renderStaff({
    entry: deps.entry,
    assets: deps.assets,
    origin,
    services,
    logger: deps.logger,
    dev: deps.dev,
  });
  router.post([STAFF_BASE, `${STAFF_BASE}/{*rest}`], formGuard, render);
  router.get([STAFF_BASE, `${STAFF_BASE}/{*rest}`], render);
  return router;
}
