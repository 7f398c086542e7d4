/**
 * The staff inbox's security corpus (supertest against the production build's staff app):
 *
 * - every page, action and API call without a session, or with an expired, revoked or altered
 *   one, gets a redirect to sign-in (pages and forms) or 401 (the API), and no enquiry data;
 * - cross-site posts get 403 even with a live session; a form without the session's token, or
 *   with another session's, gets 403 and changes nothing;
 * - enquiry fields full of markup, script, right-to-left and zero-width characters and emoji
 *   are shown as text and exported as a download that neither runs nor formats;
 * - staff pages are never stored: `no-store`, `noindex`, a nonce CSP without `'unsafe-inline'`.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPC_METHODS } from '../../src/staff/services.ts';
import { createStaffTestApp, type Signed, type StaffTestApp, json } from './support/staff-app.ts';

/** Something only an enquiry's data contains, to find in a response that must not have it. */
const SECRET_NAME = 'Ishaan Secretname';
const SECRET_EMAIL = 'ishaan.secret@example.com';

/** Enquiry text that must show as text: markup, script, bidi and zero-width tricks, emoji. */
const HOSTILE = {
  name: '<script>alert("name")</script>\u202Eevil\u202C',
  email: 'x"><img src=x onerror=alert(1)>@example.com',
  subject: '=HYPERLINK("https://evil.example","click") <svg onload=alert(2)>',
  message:
    '</textarea><iframe src="javascript:alert(3)"></iframe>\n' +
    'zero\u200Bwidth\u200D joiner, RTL \u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627, emoji 👩🏽‍💻🎉\n' +
    '{{constructor.constructor("alert(4)")()}} ${alert(5)} </script><script>alert(6)</script>',
};

/** Pages that show enquiry data or need a session. */
const PAGES = [
  '/staff',
  '/staff?status=held&q=launch',
  '/staff/enquiries/e-secret',
  '/staff/delivery',
  '/staff/erase',
  '/staff/account',
];

/** Every form action, with a body that would change something. */
const ACTIONS: Array<[string, Record<string, string>]> = [
  ['/staff/enquiries/e-secret', { intent: 'handled' }],
  ['/staff/enquiries/e-held', { intent: 'release' }],
  ['/staff/enquiries/e-secret', { intent: 'spam' }],
  ['/staff/erase', { intent: 'confirm', email: SECRET_EMAIL, understood: 'yes' }],
  ['/staff/erase', { intent: 'review', email: SECRET_EMAIL }],
  ['/staff/account', { intent: 'sign-out-everywhere' }],
  ['/staff/account', { intent: 'revoke', passkey: 'x' }],
  ['/staff/sign-out', {}],
  ['/staff/export', { format: 'csv' }],
];

/** Each RPC method with plausible arguments. */
const RPC_ARGS: Record<string, unknown[]> = {
  session: [],
  invite: [null],
  list: [{}],
  get: ['e-secret'],
  setHandled: ['e-secret', true],
  release: ['e-held'],
  markSpam: ['e-secret'],
  erasePreview: [SECRET_EMAIL],
  erase: [SECRET_EMAIL],
  health: [],
  passkeys: [],
  revokePasskey: ['x'],
  signOut: [],
  signOutEverywhere: [],
};

describe('the staff inbox refuses anyone without a live session', () => {
  let t: StaffTestApp;
  let me: Signed;
  /** Cookies that must not work, by how they fail. */
  const dead: Record<string, string> = {};

  beforeAll(async () => {
    t = await createStaffTestApp();
    t.inbox.add({ id: 'e-secret', name: SECRET_NAME, email: SECRET_EMAIL });
    t.inbox.add({ id: 'e-held', name: SECRET_NAME, email: SECRET_EMAIL, status: 'held' });
    me = await t.enrol(await t.invite());
    const session = t.cookieNames.session;
    dead['none'] = '';
    dead['made up'] = `${session}=${'x'.repeat(43)}`;
    dead['malformed'] = `${session}=<script>`;
    const id = me.cookie.split('=')[1] ?? '';
    dead['altered'] = `${session}=${id.slice(0, -2)}${id.endsWith('AA') ? 'BB' : 'AA'}`;
    // Expired: signed in, then left alone past the idle timeout.
    const expired = await t.signIn(me.passkey);
    dead['expired'] =
      (expired.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    // Revoked: signed in, then signed out.
    const revoked = (await t.signIn(me.passkey)).headers['set-cookie'] as unknown as string[];
    const revokedCookie = revoked[0]?.split(';')[0] ?? '';
    await request(t.app)
      .post('/staff/sign-out')
      .set('Origin', t.origin)
      .set('Cookie', revokedCookie)
      .type('form')
      .send({ csrf: (await t.csrfOf(revokedCookie)) ?? '' });
    dead['revoked'] = revokedCookie;
  });
  afterAll(() => t.close());

  /** Runs `fn` with the clock 31 minutes on for the expired cookie (others are dead anyway). */
  async function withDead<T>(fn: (cookie: string, how: string) => Promise<T>): Promise<void> {
    const at = t.clock.now;
    t.clock.now = at + 31 * 60_000;
    try {
      for (const [how, cookie] of Object.entries(dead)) await fn(cookie, how);
    } finally {
      t.clock.now = at;
    }
  }

  it('pages redirect to sign-in and show no data', async () => {
    await withDead(async (cookie, how) => {
      for (const path of PAGES) {
        const res = await request(t.app).get(path).set('Cookie', cookie);
        expect(res.status, `${path} with a ${how} cookie`).toBe(302);
        expect(res.headers['location']).toMatch(/^\/staff\/sign-in/);
        expect(res.text).not.toContain(SECRET_NAME);
        expect(res.text).not.toContain(SECRET_EMAIL);
      }
    });
  });

  it('form posts redirect to sign-in and change nothing', async () => {
    const before = t.inbox.calls.length;
    await withDead(async (cookie, how) => {
      for (const [path, body] of ACTIONS) {
        const res = await request(t.app)
          .post(path)
          .set('Origin', t.origin)
          .set('Cookie', cookie)
          .type('form')
          .send({ ...body, csrf: me.csrf });
        expect(res.status, `${path} ${JSON.stringify(body)} with a ${how} cookie`).toBe(303);
        expect(res.headers['location']).toMatch(/^\/staff\/sign-in/);
      }
    });
    expect(t.inbox.calls.slice(before)).toEqual([]);
    expect(t.inbox.enquiries.get('e-secret')?.status).toBe('new');
  });

  it('API calls get 401 and no data', async () => {
    const before = t.inbox.calls.length;
    await withDead(async (cookie, how) => {
      for (const method of RPC_METHODS.filter((m) => m !== 'session' && m !== 'invite')) {
        const res = await request(t.app)
          .post(`/staff/api/rpc/${method}`)
          .set('Origin', t.origin)
          .set('Cookie', cookie)
          .set('X-CSRF-Token', me.csrf)
          .send({ args: RPC_ARGS[method] });
        expect(res.status, `${method} with a ${how} cookie`).toBe(401);
        expect(res.text).not.toContain(SECRET_NAME);
      }
      for (const path of ['passkeys/options', 'passkeys/verify']) {
        const res = await request(t.app)
          .post(`/staff/api/${path}`)
          .set('Origin', t.origin)
          .set('Cookie', cookie)
          .set('X-CSRF-Token', me.csrf)
          .send({});
        expect(res.status, `${path} with a ${how} cookie`).toBe(401);
      }
      const session = await request(t.app)
        .post('/staff/api/rpc/session')
        .set('Origin', t.origin)
        .set('Cookie', cookie)
        .send({ args: [] });
      expect(json<{ result: unknown }>(session).result).toMatchObject({
        staff: null,
        csrfToken: null,
      });
    });
    expect(t.inbox.calls.slice(before)).toEqual([]);
  });

  it('the live session still works (the corpus above is not refusing everyone)', async () => {
    const res = await request(t.app).get('/staff').set('Cookie', me.cookie);
    expect(res.status).toBe(200);
    expect(res.text).toContain(SECRET_NAME);
  });
});

describe('cross-site forgery', () => {
  let t: StaffTestApp;
  let me: Signed;
  beforeAll(async () => {
    t = await createStaffTestApp();
    t.inbox.add({ id: 'e1' });
    me = await t.enrol(await t.invite());
  });
  afterAll(() => t.close());

  const foreign = ['https://evil.example', 'null', 'http://localhost:3001', 'http://localhost'];

  it('a post from another origin gets 403, even with a live session and its token', async () => {
    for (const origin of foreign) {
      for (const [path, body] of ACTIONS) {
        const res = await request(t.app)
          .post(path)
          .set('Origin', origin)
          .set('Cookie', me.cookie)
          .type('form')
          .send({ ...body, csrf: me.csrf });
        expect(res.status, `${path} from ${origin}`).toBe(403);
      }
      for (const path of [
        'rpc/setHandled',
        'sign-in/options',
        'invite/options',
        'passkeys/options',
      ]) {
        const res = await request(t.app)
          .post(`/staff/api/${path}`)
          .set('Origin', origin)
          .set('Cookie', me.cookie)
          .set('X-CSRF-Token', me.csrf)
          .send({ args: ['e1', true] });
        expect(res.status, `${path} from ${origin}`).toBe(403);
      }
    }
    expect(t.inbox.enquiries.get('e1')?.status).toBe('new');
  });

  it('a post with neither Origin nor a same-origin Fetch Metadata header gets 403', async () => {
    const res = await request(t.app)
      .post('/staff/enquiries/e1')
      .set('Cookie', me.cookie)
      .type('form')
      .send({ intent: 'handled', csrf: me.csrf });
    expect(res.status).toBe(403);
    const crossSite = await request(t.app)
      .post('/staff/enquiries/e1')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Cookie', me.cookie)
      .type('form')
      .send({ intent: 'handled', csrf: me.csrf });
    expect(crossSite.status).toBe(403);
  });

  it("a form without the session's token, or with another session's, gets 403", async () => {
    const other = await t.enrol(await t.invite('other@kahaani-pr.example', 'Other'));
    for (const csrf of [undefined, '', 'x'.repeat(43), other.csrf]) {
      const res = await request(t.app)
        .post('/staff/enquiries/e1')
        .set('Origin', t.origin)
        .set('Cookie', me.cookie)
        .type('form')
        .send(csrf === undefined ? { intent: 'handled' } : { intent: 'handled', csrf });
      expect(res.status, `csrf ${String(csrf)}`).toBe(403);
    }
    for (const token of [undefined, other.csrf]) {
      const req = request(t.app)
        .post('/staff/api/rpc/setHandled')
        .set('Origin', t.origin)
        .set('Cookie', me.cookie);
      if (token) req.set('X-CSRF-Token', token);
      expect((await req.send({ args: ['e1', true] })).status).toBe(403);
    }
    expect(t.inbox.enquiries.get('e1')?.status).toBe('new');
  });

  it('a form of another type gets 415; the API only takes JSON', async () => {
    const multipart = await request(t.app)
      .post('/staff/enquiries/e1')
      .set('Origin', t.origin)
      .set('Cookie', me.cookie)
      .field('intent', 'handled')
      .field('csrf', me.csrf);
    expect(multipart.status).toBe(415);
    const form = await request(t.app)
      .post('/staff/api/rpc/setHandled')
      .set('Origin', t.origin)
      .set('Cookie', me.cookie)
      .set('X-CSRF-Token', me.csrf)
      .type('form')
      .send({ args: 'e1' });
    expect(form.status).toBe(415);
  });

  it('with the right origin and token the same post works (303 back to the enquiry)', async () => {
    const res = await request(t.app)
      .post('/staff/enquiries/e1')
      .set('Origin', t.origin)
      .set('Cookie', me.cookie)
      .type('form')
      .send({ intent: 'handled', csrf: me.csrf });
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe('/staff/enquiries/e1?done=handled');
    expect(t.inbox.enquiries.get('e1')?.status).toBe('handled');
  });

  it('RPC arguments are checked before anything runs', async () => {
    const before = t.inbox.calls.length;
    for (const [method, args] of [
      ['get', [{ $ne: null }]],
      ['setHandled', ['e1', 'yes']],
      ['list', [{ status: 'everything' }]],
      ['erase', ['not-an-address']],
      ['nope', []],
    ] as const) {
      const res = await request(t.app)
        .post(`/staff/api/rpc/${method}`)
        .set('Origin', t.origin)
        .set('Cookie', me.cookie)
        .set('X-CSRF-Token', me.csrf)
        .send({ args });
      expect([400, 404], `${method}`).toContain(res.status);
    }
    expect(t.inbox.calls.slice(before)).toEqual([]);
  });
});

describe('enquiry text is only ever text', () => {
  let t: StaffTestApp;
  let me: Signed;
  beforeAll(async () => {
    t = await createStaffTestApp();
    t.inbox.add({ id: 'hostile', ...HOSTILE });
    me = await t.enrol(await t.invite());
  });
  afterAll(() => t.close());

  /** The markup of the page outside its JSON data block (which escapes everything anyway). */
  const markup = (html: string) =>
    html.replace(/<script type="application\/json"[^>]*>[^<]*<\/script>/, '');

  it.each(['/staff', '/staff/enquiries/hostile'])('%s shows the fields escaped', async (path) => {
    const res = await request(t.app).get(path).set('Cookie', me.cookie);
    expect(res.status).toBe(200);
    const html = markup(res.text);
    expect(html).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;');
    expect(html).not.toMatch(/<script>alert|<img src=x|<svg onload|<iframe/);
    // Direction overrides stay inside an isolate (`<bdi>`, `dir="auto"`), so they cannot turn
    // the page around them.
    expect(html).toMatch(/<bdi>[^<]*\u202Eevil/);
    // The only executable scripts are the nonce-carrying bootstrap.
    const scripts = [...res.text.matchAll(/<script(?![^>]*type="application\/json")[^>]*>/g)];
    for (const [tag] of scripts) expect(tag).toMatch(/nonce="/);
  });

  it('the data block escapes every character that could close it', async () => {
    const res = await request(t.app).get('/staff/enquiries/hostile').set('Cookie', me.cookie);
    const block = /<script type="application\/json" id="staff-data">([^<]*)<\/script>/.exec(
      res.text,
    );
    expect(block?.[1]).toBeTruthy();
    expect(block?.[1]).not.toMatch(/[<>]/);
    const data = JSON.parse(block?.[1] ?? '{}') as {
      hydration: { loaderData: Record<string, { enquiry?: { name: string; message: string } }> };
    };
    expect(data.hydration.loaderData['enquiry']?.enquiry?.name).toBe(HOSTILE.name);
    expect(data.hydration.loaderData['enquiry']?.enquiry?.message).toBe(HOSTILE.message);
  });

  it('exports download as attachments, CSV formulas neutralised', async () => {
    for (const format of ['csv', 'json']) {
      const res = await request(t.app)
        .post('/staff/export')
        .set('Origin', t.origin)
        .set('Cookie', me.cookie)
        .type('form')
        .send({ csrf: me.csrf, format });
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="enquiries.${format}"`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
      if (format === 'csv') {
        expect(res.text).toContain(`"'=HYPERLINK(""https://evil.example""`);
        expect(res.text).not.toMatch(/(^|,)"?=HYPERLINK/m);
      } else {
        expect((JSON.parse(res.text) as Array<{ name: string }>)[0]?.name).toBe(HOSTILE.name);
      }
    }
  });
});

describe('staff pages are per request and never stored', () => {
  let t: StaffTestApp;
  let me: Signed;
  beforeAll(async () => {
    t = await createStaffTestApp();
    me = await t.enrol(await t.invite());
  });
  afterAll(() => t.close());

  it.each(['/staff', '/staff/sign-in', '/staff/invite?token=x', '/staff/nowhere'])(
    '%s: no-store, noindex, no referrer outside the origin, a fresh nonce and no unsafe-inline',
    async (path) => {
      // Signed in, the sign-in page sends people on to the inbox; it is asked for signed out.
      const cookie = path === '/staff/sign-in' ? '' : me.cookie;
      const get = () => request(t.app).get(path).set('Cookie', cookie);
      const [a, b] = [await get(), await get()];
      for (const res of [a, b]) {
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
        expect(res.headers['referrer-policy']).toBe('same-origin');
        expect(res.headers['etag']).toBeUndefined();
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
        expect(csp).toContain("default-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toContain('unsafe-inline');
        expect(res.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
      }
      const nonce = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
      expect(nonce(a.headers['content-security-policy'])).not.toBe(
        nonce(b.headers['content-security-policy']),
      );
      expect(a.text).toContain(`nonce="${nonce(a.headers['content-security-policy'])}"`);
    },
  );

  it('an unknown staff path is a 404 page inside the inbox', async () => {
    const res = await request(t.app).get('/staff/nowhere').set('Cookie', me.cookie);
    expect(res.status).toBe(404);
    expect(res.text).toContain('Not found');
  });
});
