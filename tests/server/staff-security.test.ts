/**
 * The staff inbox's security corpus (supertest against the production build's route tree):
 *
 * - every page, action and data request without a session, or with an expired, revoked or
 *   altered one, gets one redirect to sign-in and no enquiry data; there is no RPC endpoint;
 * - cross-site posts are refused (403 by the one guard for posts, before React Router's own check,
 *   which would answer 400) even with a live session, a sibling origin of the same site included,
 *   and change nothing (the forgery token is retired: docs/decisions/040-one-guard-for-posts.md);
 * - enquiry fields full of markup, script, right-to-left and zero-width characters and emoji
 *   are shown as text and exported as a download that neither runs nor formats;
 * - staff pages are never stored: `no-store`, `noindex`, a nonce CSP without `'unsafe-inline'`.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffTestApp,
  decoded,
  setCookie,
  type Signed,
  type StaffTestApp,
} from './support/staff-app.ts';

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

/** What the inbox's fake has been asked to change. */
const MUTATIONS = ['setHandled', 'release', 'markSpam', 'erase', 'export'];

/** A page's markup without its scripts (the router's data travels in them, escaped). */
const markupOf = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');

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
    dead['expired'] = setCookie((await t.signIn(me.passkey)).res, session) ?? '';
    // Revoked: signed in, then signed out.
    const revokedCookie = setCookie((await t.signIn(me.passkey)).res, session) ?? '';
    await t.post('/staff/sign-out', {}, revokedCookie);
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
        const res = await t.post(path, body, cookie);
        expect(res.status, `${path} ${JSON.stringify(body)} with a ${how} cookie`).toBe(303);
        expect(res.headers['location']).toMatch(/^\/staff\/sign-in/);
      }
    });
    expect(t.inbox.calls.slice(before)).toEqual([]);
    expect(t.inbox.enquiries.get('e-secret')?.status).toBe('new');
  });

  it("the router's data requests and the ceremony get one redirect to sign-in and no data", async () => {
    const before = t.inbox.calls.length;
    await withDead(async (cookie, how) => {
      for (const path of PAGES) {
        const [pathname, search = ''] = path.split('?');
        const res = await request(t.app)
          .get(`${pathname}.data${search ? `?${search}` : ''}`)
          .set('Cookie', cookie);
        expect(res.status, `${path} data with a ${how} cookie`).toBe(202);
        expect(res.text).not.toContain(SECRET_NAME);
        const value = (await decoded(res)) as Record<symbol, { redirect: string }>;
        const [redirect] = Object.getOwnPropertySymbols(value).map((key) => value[key]?.redirect);
        expect(redirect).toMatch(/^\/staff\/sign-in/);
      }
      const posts: Array<[string, object, 'form' | 'json']> = [
        ['/staff/enquiries/e-secret.data', { intent: 'handled' }, 'form'],
        [
          '/staff/erase.data',
          { intent: 'confirm', email: SECRET_EMAIL, understood: 'yes' },
          'form',
        ],
        ['/staff/account.data', { intent: 'options' }, 'json'],
      ];
      for (const [path, body, type] of posts) {
        const res = await request(t.app)
          .post(path)
          .set('Origin', t.origin)
          .set('Cookie', cookie)
          .type(type)
          .send(body);
        expect(res.status, `${path} with a ${how} cookie`).toBe(202);
        expect(((await decoded(res)) as { redirect: string }).redirect).toMatch(
          /^\/staff\/sign-in/,
        );
      }
      // The layout's data for an open page names no one and carries no token.
      const signIn = await request(t.app).get('/staff/sign-in.data').set('Cookie', cookie);
      const data = (await decoded(signIn)) as Record<string, { data?: unknown }>;
      expect(data['staff']?.data).toEqual({ staff: null });
    });
    expect(t.inbox.calls.slice(before)).toEqual([]);
  });

  it('has no RPC endpoint: the old path is the inbox’s 404 page, and takes no post', async () => {
    for (const cookie of ['', me.cookie]) {
      const res = await request(t.app)
        .post('/staff/api/rpc/session')
        .set('Origin', t.origin)
        .set('Cookie', cookie)
        .send({ args: [] });
      expect(res.status, cookie ? 'signed in' : 'signed out').toBe(cookie ? 405 : 303);
    }
    const page = await request(t.app).get('/staff/api/rpc/session').set('Cookie', me.cookie);
    expect(page.status).toBe(404);
    expect(page.text).toContain('Not found');
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
  const changes = () => t.inbox.calls.filter((c) => MUTATIONS.includes(c.method));

  it('a post from another origin is refused, even with a live session', async () => {
    for (const origin of foreign) {
      for (const [path, body] of ACTIONS) {
        const res = await t.post(path, body, me.cookie, origin);
        expect([400, 403], `${path} from ${origin}`).toContain(res.status);
      }
      for (const path of ['/staff/sign-in', '/staff/invite', '/staff/account']) {
        const res = await t.step(path, { intent: 'options' }, [me.cookie], {
          Origin: origin,
        });
        expect([400, 403], `${path} from ${origin}`).toContain(res.status);
        expect(res.options).toBeUndefined();
      }
    }
    // An Origin the request's own Host vouches for passes React Router's check, not the guard's.
    const res = await request(t.app)
      .post('/staff/enquiries/e1')
      .set('Host', 'evil.example')
      .set('Origin', 'http://evil.example')
      .set('Cookie', me.cookie)
      .type('form')
      .send({ intent: 'handled' });
    expect(res.status).toBe(403);
    expect(changes()).toEqual([]);
    expect(t.inbox.enquiries.get('e1')?.status).toBe('new');
  });

  it('a post with neither Origin nor a same-origin Fetch Metadata header gets 403', async () => {
    const res = await request(t.app)
      .post('/staff/enquiries/e1')
      .set('Cookie', me.cookie)
      .type('form')
      .send({ intent: 'handled' });
    expect(res.status).toBe(403);
    const crossSite = await request(t.app)
      .post('/staff/enquiries/e1')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Cookie', me.cookie)
      .type('form')
      .send({ intent: 'handled' });
    expect(crossSite.status).toBe(403);
    expect(changes()).toEqual([]);
  });

  // The forgery token is retired (docs/decisions/040-one-guard-for-posts.md): this test asserted
  // the token itself. What it stopped beyond `SameSite=Strict` is a post from another origin of the
  // same site, which carries the cookie; the Origin check refuses it, form and ceremony alike.
  it('a post from a sibling origin of the same site gets 403, carrying the live cookie', async () => {
    const sibling: Array<Record<string, string>> = [
      { Origin: 'http://staff.localhost:3000' },
      { 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of sibling) {
      for (const path of ['/staff/enquiries/e1', '/staff/enquiries/e1.data']) {
        const res = await request(t.app)
          .post(path)
          .set(headers)
          .set('Cookie', me.cookie)
          .type('form')
          .send({ intent: 'handled' });
        expect(res.status, `${path} with ${JSON.stringify(headers)}`).toBe(403);
      }
      const ceremony = await t.step('/staff/account', { intent: 'options' }, [me.cookie], {
        Origin: '',
        ...headers,
      });
      expect(ceremony.status).toBe(403);
      expect(ceremony.options).toBeUndefined();
    }
    expect(changes()).toEqual([]);
    expect(t.inbox.enquiries.get('e1')?.status).toBe('new');
  });

  it('a body that is neither a form nor JSON gets 415', async () => {
    const multipart = await request(t.app)
      .post('/staff/enquiries/e1')
      .set('Origin', t.origin)
      .set('Cookie', me.cookie)
      .field('intent', 'handled');
    expect(multipart.status).toBe(415);
    const text = await request(t.app)
      .post('/staff/account.data')
      .set('Origin', t.origin)
      .set('Cookie', me.cookie)
      .type('text/plain')
      .send(JSON.stringify({ intent: 'options' }));
    expect(text.status).toBe(415);
    expect(changes()).toEqual([]);
  });

  it('with the right origin and token the same post works (303 back to the enquiry)', async () => {
    const res = await t.post('/staff/enquiries/e1', { intent: 'handled' }, me.cookie);
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe('/staff/enquiries/e1?done=handled');
    expect(t.inbox.enquiries.get('e1')?.status).toBe('handled');
  });

  it('what a form names is checked before anything changes', async () => {
    const before = changes().length;
    for (const [path, body] of [
      ['/staff/enquiries/e1', { intent: 'delete' }],
      ['/staff/enquiries/e1', { intent: 'toString' }],
      ['/staff/erase', { intent: 'confirm', email: 'not-an-address', understood: 'yes' }],
      ['/staff/export', { format: 'xlsx' }],
    ] as const) {
      const res = await t.post(path, body, me.cookie);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    expect(changes().slice(before)).toEqual([]);
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

  it.each(['/staff', '/staff/enquiries/hostile'])('%s shows the fields escaped', async (path) => {
    const res = await request(t.app).get(path).set('Cookie', me.cookie);
    expect(res.status).toBe(200);
    const html = markupOf(res.text);
    expect(html).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;');
    expect(html).not.toMatch(/<script>alert|<img src=x|<svg onload|<iframe/);
    // Direction overrides stay inside an isolate (`<bdi>`, `dir="auto"`), so they cannot turn
    // the page around them.
    expect(html).toMatch(/<bdi>[^<]*\u202Eevil/);
    // The only executable scripts are the nonce-carrying bootstrap.
    const scripts = [...res.text.matchAll(/<script(?![^>]*type="application\/json")[^>]*>/g)];
    for (const [tag] of scripts) expect(tag).toMatch(/nonce="/);
  });

  it("the router's data in the page cannot close its script, and carries the text exactly", async () => {
    const res = await request(t.app).get('/staff/enquiries/hostile').set('Cookie', me.cookie);
    const scripts = [...res.text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, body]) => body).join('')).toContain('streamController.enqueue');
    for (const [, body = ''] of scripts) expect(body).not.toMatch(/<\/script|<!--|<script/i);
    const data = (await decoded(
      await request(t.app).get('/staff/enquiries/hostile.data').set('Cookie', me.cookie),
    )) as Record<string, { data: { enquiry: { name: string; message: string } } }>;
    expect(data['staff/routes/enquiry']?.data.enquiry.name).toBe(HOSTILE.name);
    expect(data['staff/routes/enquiry']?.data.enquiry.message).toBe(HOSTILE.message);
  });

  it('exports download as attachments, CSV formulas neutralised', async () => {
    for (const format of ['csv', 'json']) {
      const res = await t.post('/staff/export', { format }, me.cookie);
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
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(res.headers['etag']).toBeUndefined();
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toMatch(/script-src 'strict-dynamic' 'nonce-[A-Za-z0-9+/=]{24}' 'self';/);
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

  it("the router's data requests are never stored either", async () => {
    for (const path of ['/staff.data', '/staff/account.data', '/staff/sign-in.data']) {
      const cookie = path === '/staff/sign-in.data' ? '' : me.cookie;
      const res = await request(t.app).get(path).set('Cookie', cookie);
      expect(res.headers['cache-control'], path).toBe('no-store');
      expect(res.headers['x-robots-tag'], path).toBe('noindex, nofollow');
    }
  });

  it('an unknown staff path is a 404 page inside the inbox', async () => {
    const res = await request(t.app).get('/staff/nowhere').set('Cookie', me.cookie);
    expect(res.status).toBe(404);
    expect(res.text).toContain('Not found');
  });
});
