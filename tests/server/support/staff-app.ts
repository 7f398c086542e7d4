/**
 * The site's app with the staff inbox (the production build's route tree, the real staff store in
 * the test app's SQLite file, a fake inbox behind it), and the moves a member of staff makes over
 * HTTP as the browser does: documents, plain form posts, and the passkey ceremonies' JSON posts to
 * their routes' actions through the framework's data requests (`<path>.data`), answered in React
 * Router's own encoding — with a software authenticator (`tests/support/soft-authenticator.ts`).
 *
 * Cookies are kept by hand: the tests are about them.
 */
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the framework's decoder of its data requests' answers, read as its browser half reads them
import { UNSAFE_decodeViaTurboStream } from 'react-router';
import { createInboxService } from '../../../src/server/inbox/service.ts';
import { inviteStaff } from '../../../src/server/staff/invites.ts';
import { createStaffRuntime, type StaffRuntime } from '../../../src/server/staff/runtime.ts';
import { cookieNames } from '../../../src/staff/session.server.ts';
import { createFakeInbox, type FakeInbox } from '../../support/fake-inbox.ts';
import { SoftPasskey, type Lies } from '../../support/soft-authenticator.ts';
import { startedLater } from '../../support/started-later.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The staff origin of test apps unless SITE_URL says otherwise (its default outside production). */
export const ORIGIN = 'http://localhost:3000';
export const RP_ID = 'localhost';

/** Safari on a Mac: a user agent the statistics count as a visitor's browser. */
export const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

/**
 * Posts the contact form as {@link BROWSER} does without JavaScript, from the app's own origin:
 * Asha Rao's launch enquiry (subject `Launch PR`). A taken enquiry answers 303.
 */
export const sendLaunchEnquiry = (t: StaffTestApp) =>
  request(t.app)
    .post('/contact')
    .set('Origin', t.origin)
    .set('User-Agent', BROWSER)
    .type('form')
    .send({
      name: 'Asha Rao',
      email: 'asha@example.com',
      subject: 'Launch PR',
      message: 'We are launching in March and want press coverage.',
      website: '',
    });

/** One answer of a ceremony's action, decoded. */
export interface Step {
  /** The action's status; 202 when it redirected (the framework's data-request redirect). */
  status: number;
  /** The first step's options for the authenticator. */
  options?: Parameters<SoftPasskey['create']>[0] & Parameters<SoftPasskey['get']>[0];
  /** Why it was refused. */
  error?: string;
  /** Where a successful last step sends the browser. */
  location?: string;
  res: request.Response;
}

export interface StaffTestApp extends TestApp {
  staff: StaffRuntime;
  /** Where staff requests go: the site's app, or the inbox's own (STAFF_PORT set). */
  staffHttp: TestApp['app'];
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
  /**
   * Posts one step of a ceremony to a route's action (`/staff/sign-in`, `/staff/invite`,
   * `/staff/account`) as the page's fetcher does.
   * @param cookies `name=value` pairs the browser holds
   * @param headers more request headers (`X-Forwarded-For`, another `Origin`)
   */
  step(
    path: string,
    body: object,
    cookies?: Array<string | undefined>,
    headers?: Record<string, string>,
  ): Promise<Step>;
  /** Runs an invite's enrolment ceremony; returns the signed-in session. */
  enrol(token: string, passkey?: SoftPasskey): Promise<Signed>;
  /**
   * Runs a sign-in ceremony; returns its last step (or a refused first one).
   * @param cookie a session cookie the browser already held
   * @param client the client's address (`X-Forwarded-For`, with TRUST_PROXY=1)
   */
  signIn(passkey: SoftPasskey, cookie?: string, lies?: Lies, client?: string): Promise<Step>;
  /**
   * Posts a form to a staff route as a signed-in browser does without JavaScript: the staff
   * origin, `who`'s session cookie, `application/x-www-form-urlencoded`.
   * @param origin another `Origin` header (a cross-site post)
   */
  post(
    path: string,
    body: Record<string, string | string[]>,
    who: Signed | string,
    origin?: string,
  ): request.Test;
}

export interface Signed {
  /** `<session cookie>=<id>`, ready for a `Cookie` header. */
  cookie: string;
  passkey: SoftPasskey;
}

/** The `name=value` of a `Set-Cookie` the response sent for `name`, if any. */
export function setCookie(res: request.Response, name: string): string | undefined {
  return setCookieLines(res, name)[0]?.split(';')[0];
}

/** Every `Set-Cookie` line for `name`, whole (attributes included). */
export function setCookieLines(res: request.Response, name: string): string[] {
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .filter((c) => c.startsWith(`${name}=`));
}

/** A data request's answer as the browser's router reads it. */
export async function decoded(res: request.Response): Promise<unknown> {
  const body = new Response(res.text).body;
  if (!body) throw new Error(`No body: ${res.status}`);
  return (await UNSAFE_decodeViaTurboStream(body, globalThis)).value;
}

/**
 * @param env environment overrides, as for `createTestApp`
 * @param start the clock's starting time, epoch ms
 * @param options.realInbox the inbox's own `InboxService` on the test app's store instead of the
 *   fake (`inbox` is then the fake, unused)
 * @param options.contentPollMs ms between the app's looks for a new content release
 */
export async function createStaffTestApp(
  env: Record<string, string> = {},
  start = Date.UTC(2026, 10, 25, 9, 0),
  options: { realInbox?: boolean; contentPollMs?: number } = {},
): Promise<StaffTestApp> {
  const clock = { now: start };
  const now = () => clock.now;
  const inbox = createFakeInbox();
  let staff: StaffRuntime | undefined;
  const t = await createTestApp(env, {
    now,
    ...(options.contentPollMs === undefined ? {} : { contentPollMs: options.contentPollMs }),
    staff: ({ env: parsed, runtime, logger, content, statistics }) =>
      (staff = createStaffRuntime({
        env: parsed,
        inbox: options.realInbox ? createInboxService(runtime) : inbox,
        content,
        statistics: statistics.store,
        secret: runtime.secret,
        logger,
        now,
      })),
  });
  if (!staff) throw new Error('The staff runtime was not made');
  const runtime = staff;
  const staffHttp = t.env.STAFF_PORT === undefined ? t.app : t.appFor('staff');
  const origin = t.env.STAFF_URL;
  const rpId = t.env.STAFF_RP_ID;
  const names = cookieNames(origin);

  const step: StaffTestApp['step'] = async (path, body, cookies = [], headers = {}) => {
    const res = await request(staffHttp)
      .post(`${path}.data`)
      .set({ Origin: origin, ...headers })
      .set('Cookie', cookies.filter((c): c is string => Boolean(c)).join('; '))
      .send(body);
    // The guard's refusals are plain text; the action's answers are the router's data.
    const value = (
      res.type === 'text/x-script' ? await decoded(res) : { data: { error: res.text } }
    ) as {
      data?: { options?: NonNullable<Step['options']>; error?: string };
      redirect?: string;
    };
    return {
      status: res.status,
      ...value.data,
      ...(value.redirect === undefined ? {} : { location: value.redirect }),
      res,
    };
  };

  const signIn: StaffTestApp['signIn'] = async (passkey, cookie, lies = {}, client) => {
    const headers: Record<string, string> = client ? { 'X-Forwarded-For': client } : {};
    const options = await step('/staff/sign-in', { intent: 'options' }, [cookie], headers);
    if (!options.options) return options;
    const response = passkey.get(options.options, rpId, lies);
    const ceremony = setCookie(options.res, names.ceremony);
    return step('/staff/sign-in', { intent: 'verify', response }, [cookie, ceremony], headers);
  };

  return {
    ...t,
    staff: runtime,
    staffHttp,
    origin,
    rpId,
    cookieNames: names,
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
    step,
    async enrol(token, passkey = new SoftPasskey(origin)) {
      const options = await step('/staff/invite', { intent: 'options', token });
      if (!options.options) throw new Error(`invite options: ${options.status} ${options.error}`);
      const response = passkey.create(options.options, rpId);
      const ceremony = setCookie(options.res, names.ceremony);
      const verify = await step('/staff/invite', { intent: 'verify', token, response }, [ceremony]);
      if (!verify.location) throw new Error(`invite verify: ${verify.status} ${verify.error}`);
      const cookie = setCookie(verify.res, names.session) ?? '';
      return { cookie, passkey };
    },
    signIn,
    post(path, body, who, postOrigin = origin) {
      return request(staffHttp)
        .post(path)
        .set('Origin', postOrigin)
        .set('Cookie', typeof who === 'string' ? who : who.cookie)
        .type('form')
        .send(body);
    },
  };
}

/**
 * A staff test app of the file's own with one person enrolled from an invite, made before the
 * file's tests and closed after them (registers `beforeAll` and `afterAll`; call at the top level).
 * @returns the app and the person, each standing for its value once made
 */
export function staffAppPerFile(
  ...args: Parameters<typeof createStaffTestApp>
): [StaffTestApp, Signed] {
  const app = startedLater<StaffTestApp>('the staff test app');
  const person = startedLater<Signed>('the enrolled person');
  beforeAll(async () => {
    const t = await createStaffTestApp(...args);
    app.set(t);
    person.set(await t.enrol(await t.invite()));
  });
  afterAll(() => app.current()?.close());
  return [app.value, person.value];
}
