/**
 * The site's app with the staff inbox mounted (the production build's staff entry and assets, the
 * real staff store in the test app's SQLite file, a fake inbox behind it), and the moves a member
 * of staff makes through the HTTP API: invite, enrol a passkey, sign in — with a software
 * authenticator (`tests/support/soft-authenticator.ts`), as a browser's ceremony would.
 *
 * Cookies are kept by hand: the tests are about them.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import request from 'supertest';
import type { Express } from 'express';
import { createStaffApp } from '../../../src/server/staff/app.ts';
import { createInboxService } from '../../../src/server/inbox/service.ts';
import { staffProductionAssets } from '../../../src/server/staff/assets.ts';
import type { StaffMount } from '../../../src/server/staff/http.ts';
import { inviteStaff } from '../../../src/server/staff/invites.ts';
import type { StaffServerEntry } from '../../../src/server/staff/render.ts';
import { createStaffRuntime, type StaffRuntime } from '../../../src/server/staff/runtime.ts';
import { ceremonyCookieName, sessionCookieName } from '../../../src/server/staff/sessions.ts';
import { createFakeInbox, type FakeInbox } from '../../support/fake-inbox.ts';
import { SoftPasskey, type Lies } from '../../support/soft-authenticator.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The staff origin of test apps unless SITE_URL says otherwise (its default outside production). */
export const ORIGIN = 'http://localhost:3000';
export const RP_ID = 'localhost';

export interface StaffTestApp extends TestApp {
  staff: StaffRuntime;
  /**
   * Where staff requests go: the site's app, or the inbox's own app when STAFF_PORT is set
   * (the helpers below use it).
   */
  staffHttp: TestApp['app'] | Express;
  /** The staff origin (STAFF_URL) and relying party ID (SITE_URL's host). */
  origin: string;
  rpId: string;
  /** The session and ceremony cookies' names for that origin. */
  cookieNames: { session: string; ceremony: string };
  inbox: FakeInbox;
  /** The app's clock, epoch ms; move it to pass timeouts. */
  clock: { now: number };
  /** Invites a person (as the CLI does); returns the link's token. */
  invite(email?: string, name?: string): Promise<string>;
  /** Runs an invite's enrolment ceremony; returns the signed-in session. */
  enrol(token: string, passkey?: SoftPasskey): Promise<Signed>;
  /** Runs a sign-in ceremony; `cookie` is a session cookie the browser already held. */
  signIn(passkey: SoftPasskey, cookie?: string, lies?: Lies): Promise<request.Response>;
  /** The session behind a cookie as the RPC `session` call reports it. */
  csrfOf(cookie: string): Promise<string | null>;
}

export interface Signed {
  /** `<session cookie>=<id>`, ready for a `Cookie` header. */
  cookie: string;
  csrf: string;
  passkey: SoftPasskey;
}

/** A JSON answer's body, as the test expects it (supertest types it `any`). */
export function json<T = { error?: string }>(res: request.Response): T {
  return res.body as T;
}

/** The options a ceremony's first step answered with. */
export const creationOptions = (res: request.Response) =>
  json<{ options: Parameters<SoftPasskey['create']>[0] & { excludeCredentials?: unknown[] } }>(res)
    .options;
export const requestOptions = (res: request.Response) =>
  json<{ options: Parameters<SoftPasskey['get']>[0] }>(res).options;

/** The `name=value` of a `Set-Cookie` the response sent for `name`, if any. */
export function setCookie(res: request.Response, name: string): string | undefined {
  const all = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return all.find((c) => c.startsWith(`${name}=`))?.split(';')[0];
}

/** Every `Set-Cookie` line for `name`, whole (attributes included). */
export function setCookieLines(res: request.Response, name: string): string[] {
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .filter((c) => c.startsWith(`${name}=`));
}

/**
 * @param env environment overrides, as for `createTestApp`
 * @param start the clock's starting time, epoch ms
 * @param options.realInbox the inbox's own `InboxService` on the test app's store instead of the
 *   fake (`inbox` is then the fake, unused)
 */
export async function createStaffTestApp(
  env: Record<string, string> = {},
  start = Date.UTC(2026, 10, 25, 9, 0),
  options: { realInbox?: boolean } = {},
): Promise<StaffTestApp> {
  const clock = { now: start };
  const now = () => clock.now;
  const inbox = createFakeInbox();
  let staff: StaffRuntime | undefined;
  let mount: StaffMount | undefined;
  const t = await createTestApp(env, {
    now,
    staff: async ({ env: parsed, runtime, logger, buildDir }) => {
      staff = createStaffRuntime({
        env: parsed,
        inbox: options.realInbox ? createInboxService(runtime) : inbox,
        secret: runtime.secret,
        logger,
        now,
      });
      const entry = (await import(
        pathToFileURL(join(buildDir, 'server/staff-entry-server.js')).href
      )) as StaffServerEntry;
      const assets = staffProductionAssets(join(buildDir, 'staff'));
      mount = {
        runtime: staff,
        entry: () => Promise.resolve(entry),
        assets: () => Promise.resolve(assets),
        staticDir: join(buildDir, 'staff'),
      };
      return mount;
    },
  });
  if (!staff || !mount) throw new Error('The staff runtime was not made');
  const runtime = staff;
  const staffHttp =
    t.env.STAFF_PORT === undefined
      ? t.app
      : createStaffApp({ env: t.env, logger: t.runtime.logger, staff: mount });
  const origin = t.env.STAFF_URL;
  const rpId = t.env.STAFF_RP_ID;
  const cookieNames = { session: sessionCookieName(origin), ceremony: ceremonyCookieName(origin) };
  const api = (path: string, cookies: Array<string | undefined>, body: object, csrf?: string) => {
    const req = request(staffHttp)
      .post(`/staff/api/${path}`)
      .set('Origin', origin)
      .set('Cookie', cookies.filter((c): c is string => Boolean(c)).join('; '));
    if (csrf) req.set('X-CSRF-Token', csrf);
    return req.send(body);
  };

  const csrfOf = async (cookie: string) => {
    const res = await api('rpc/session', [cookie], { args: [] });
    return (res.body as { result: { csrfToken: string | null } }).result.csrfToken;
  };

  return {
    ...t,
    staff: runtime,
    staffHttp,
    origin,
    rpId,
    cookieNames,
    inbox,
    clock,
    async invite(email = 'meera@kahaani-pr.example', name = 'Meera Nair') {
      const { link } = await inviteStaff(runtime.store, {
        email,
        name,
        origin: ORIGIN,
        now: now(),
      });
      return new URL(link).searchParams.get('token') ?? '';
    },
    async enrol(token, passkey = new SoftPasskey(origin)) {
      const options = await api('invite/options', [], { token });
      if (options.status !== 200)
        throw new Error(`invite/options: ${options.status} ${options.text}`);
      const answer = passkey.create(creationOptions(options), rpId);
      const verify = await api('invite/verify', [setCookie(options, cookieNames.ceremony)], {
        token,
        response: answer,
      });
      if (verify.status !== 200) throw new Error(`invite/verify: ${verify.status} ${verify.text}`);
      const cookie = setCookie(verify, cookieNames.session) ?? '';
      return { cookie, csrf: (await csrfOf(cookie)) ?? '', passkey };
    },
    async signIn(passkey, cookie, lies = {}) {
      const options = await api('sign-in/options', [cookie], {});
      if (options.status !== 200) return options;
      const answer = passkey.get(requestOptions(options), rpId, lies);
      return api('sign-in/verify', [cookie, setCookie(options, cookieNames.ceremony)], {
        response: answer,
      });
    },
    csrfOf,
  };
}
