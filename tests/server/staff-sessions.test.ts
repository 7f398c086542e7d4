/**
 * Staff sign-in and sessions over HTTP as the browser makes them (pages, form posts, and the
 * ceremonies' JSON posts to their routes' actions), with a software passkey standing in for the
 * browser's (OWASP ASVS 5.0 chapters V6 authentication and V7 session management as the
 * reference; docs/decisions/027-passkeys-and-staff-sessions.md):
 *
 * - invites: one use, 24 hours, refused when expired, reused or altered, with a page that says so;
 * - the cookie's attributes, a new id at every sign-in, an id presented before never kept;
 * - idle (30 min) and absolute (12 h) timeouts on a fake clock; sign out here and everywhere;
 *   a disabled account's sessions end at once; a page opened again after signing out (Back) says
 *   nothing of a session that ran out;
 * - passkeys: a forged answer (wrong origin, challenge, no user verification) is refused; a
 *   second passkey can be added and one removed, never the last;
 * - sign-in limits per client and per account, the account's counting failed answers only.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/server/staff/limits.ts';
import { hashToken } from '../../src/server/staff/tokens.ts';
import {
  IDLE_TIMEOUT_MS,
  ABSOLUTE_TIMEOUT_MS,
  staffCookie,
} from '../../src/staff/session.server.ts';
import { SoftPasskey } from '../support/soft-authenticator.ts';
import {
  createStaffTestApp,
  decoded,
  ORIGIN,
  RP_ID,
  setCookie,
  setCookieLines,
  type StaffTestApp,
} from './support/staff-app.ts';

const MINUTE = 60_000;

/** For an answer the test has just checked is there. */
const never = (): never => {
  throw new Error('missing');
};

describe('staff invites', () => {
  let t: StaffTestApp;
  beforeAll(async () => {
    t = await createStaffTestApp();
  });
  afterAll(() => t.close());

  it('a valid invite shows who it is for and offers to create the passkey', async () => {
    const token = await t.invite('kabir@kahaani-pr.example', 'Kabir Sood');
    const res = await request(t.app).get(`/staff/invite?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Welcome, Kabir Sood');
    expect(res.text).toContain('Create your passkey');
  });

  it('an altered token is refused with a page that says it is not one the inbox issued', async () => {
    const token = await t.invite('tara@kahaani-pr.example', 'Tara DSouza');
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [altered, 'nonsense', '']) {
      const res = await request(t.app).get(`/staff/invite?token=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(404);
      expect(res.text).toContain('This invite link cannot be used');
      expect(res.text).toContain('not one the inbox issued');
      expect(res.text).not.toContain('Tara');
    }
    const options = await t.step('/staff/invite', { intent: 'options', token: altered });
    expect(options.status).toBe(404);
    expect(options.options).toBeUndefined();
  });

  it('an expired invite is refused after 24 hours, page and ceremony alike', async () => {
    const token = await t.invite('priya@kahaani-pr.example', 'Priya Iyer');
    const at = t.clock.now;
    t.clock.now = at + 24 * 60 * MINUTE;
    try {
      const res = await request(t.app).get(`/staff/invite?token=${token}`);
      expect(res.status).toBe(410);
      expect(res.text).toContain('expired');
      await expect(t.enrol(token)).rejects.toThrow(/invite options: 410/);
    } finally {
      t.clock.now = at;
    }
  });

  it('an invite works once: a second use is refused and says so', async () => {
    const token = await t.invite('arjun@kahaani-pr.example', 'Arjun Malhotra');
    await t.enrol(token);
    const res = await request(t.app).get(`/staff/invite?token=${token}`);
    expect(res.status).toBe(410);
    expect(res.text).toContain('already been used');
    await expect(t.enrol(token)).rejects.toThrow(/invite options: 410/);
  });

  it('two browsers racing with one invite: one passkey is enrolled', async () => {
    const token = await t.invite('farhan@kahaani-pr.example', 'Farhan Qureshi');
    const results = await Promise.allSettled([t.enrol(token), t.enrol(token)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const staff = await t.staff.store.findStaffByEmail('farhan@kahaani-pr.example');
    expect(await t.staff.store.listPasskeys(staff?.id ?? '')).toHaveLength(1);
  });

  it('the store keeps a hash of the invite token, never the token', async () => {
    const token = await t.invite('hash@kahaani-pr.example', 'Hash Check');
    expect(await t.staff.store.findInvite(token)).toBeNull();
  });
});

describe('staff sessions', () => {
  let t: StaffTestApp;
  beforeAll(async () => {
    t = await createStaffTestApp();
    t.inbox.add({ id: 'e1' });
  });
  afterAll(() => t.close());

  it('enrolling signs in with an HttpOnly, SameSite=Strict, Path=/ session cookie', async () => {
    const token = await t.invite();
    const passkey = new SoftPasskey(ORIGIN);
    const options = await t.step('/staff/invite', { intent: 'options', token });
    const response = passkey.create(options.options ?? never(), RP_ID);
    const verify = await t.step('/staff/invite', { intent: 'verify', token, response }, [
      setCookie(options.res, 'staff_ceremony'),
    ]);
    expect(verify.location).toBe('/staff');
    const [line] = setCookieLines(verify.res, 'staff_session');
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Strict/);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/Max-Age=43200/);
    // http://localhost cannot take Secure or the __Host- prefix; HTTPS origins get both (below).
    expect(line).not.toMatch(/Domain=/);
    // The cookie holds the id signed (React Router's createCookie); the store only its hash.
    const id: unknown = await staffCookie(t.staff, 'session').parse(line ?? '');
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await t.staff.store.findSession(String(id))).toBeNull();
    expect(await t.staff.store.findSession(hashToken(String(id)))).not.toBeNull();
  });

  it('signs in with the passkey and gets a new session id each time', async () => {
    const me = await t.enrol(await t.invite('second@kahaani-pr.example', 'Second Person'));
    const first = await t.signIn(me.passkey);
    const second = await t.signIn(me.passkey);
    expect(first.location).toBe('/staff');
    expect(second.location).toBe('/staff');
    const a = setCookie(first.res, 'staff_session');
    const b = setCookie(second.res, 'staff_session');
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
    expect(a).not.toBe(me.cookie);
  });

  it('a session id the browser held before signing in is never kept', async () => {
    const me = await t.enrol(await t.invite('fixation@kahaani-pr.example', 'Fix Ation'));
    // An id an attacker planted (made up) and the victim's own earlier, valid one.
    const planted = 'staff_session=' + 'A'.repeat(43);
    const signed = await t.signIn(me.passkey, planted);
    expect(setCookie(signed.res, 'staff_session')).not.toBe(planted);
    const stillPlanted = await request(t.app).get('/staff').set('Cookie', planted);
    expect(stillPlanted.status).toBe(302);

    const earlier = me.cookie;
    const again = await t.signIn(me.passkey, earlier);
    const fresh = setCookie(again.res, 'staff_session') ?? '';
    expect(fresh).not.toBe(earlier);
    expect((await request(t.app).get('/staff').set('Cookie', earlier)).status).toBe(302);
    expect((await request(t.app).get('/staff').set('Cookie', fresh)).status).toBe(200);
  });

  it('ends after 30 minutes without a request, and not before', async () => {
    const me = await t.enrol(await t.invite('idle@kahaani-pr.example', 'Idle Person'));
    const start = t.clock.now;
    try {
      t.clock.now = start + IDLE_TIMEOUT_MS - 2 * MINUTE;
      expect((await request(t.app).get('/staff').set('Cookie', me.cookie)).status).toBe(200);
      // Activity moved the idle clock: another 29 minutes later it still works.
      t.clock.now += IDLE_TIMEOUT_MS - MINUTE;
      expect((await request(t.app).get('/staff').set('Cookie', me.cookie)).status).toBe(200);
      t.clock.now += IDLE_TIMEOUT_MS;
      const res = await request(t.app).get('/staff').set('Cookie', me.cookie);
      expect(res.status).toBe(302);
      expect(res.headers['location']).toBe('/staff/sign-in?expired=1');
      expect(setCookieLines(res, 'staff_session')[0]).toMatch(/Expires=Thu, 01 Jan 1970/);
    } finally {
      t.clock.now = start;
    }
  });

  it('ends 12 hours after sign-in however active', async () => {
    const me = await t.enrol(await t.invite('busy@kahaani-pr.example', 'Busy Person'));
    const start = t.clock.now;
    try {
      while (t.clock.now < start + ABSOLUTE_TIMEOUT_MS - 20 * MINUTE) {
        t.clock.now += 20 * MINUTE;
        expect((await request(t.app).get('/staff').set('Cookie', me.cookie)).status).toBe(200);
      }
      t.clock.now = start + ABSOLUTE_TIMEOUT_MS;
      expect((await request(t.app).get('/staff').set('Cookie', me.cookie)).status).toBe(302);
    } finally {
      t.clock.now = start;
    }
  });

  it('signing out ends this session; signing out everywhere ends them all', async () => {
    const me = await t.enrol(await t.invite('out@kahaani-pr.example', 'Out Person'));
    const other = setCookie((await t.signIn(me.passkey)).res, 'staff_session') ?? '';
    const third = setCookie((await t.signIn(me.passkey)).res, 'staff_session') ?? '';

    const out = await t.post('/staff/sign-out', {}, me.cookie, ORIGIN);
    expect(out.status).toBe(303);
    expect(out.headers['location']).toBe('/staff/sign-in?signed-out=1');
    expect((await request(t.app).get('/staff').set('Cookie', me.cookie)).status).toBe(302);
    expect((await request(t.app).get('/staff').set('Cookie', other)).status).toBe(200);

    const everywhere = await t.post(
      '/staff/account',
      { intent: 'sign-out-everywhere' },
      other,
      ORIGIN,
    );
    expect(everywhere.status).toBe(303);
    expect(everywhere.headers['location']).toBe('/staff/sign-in?signed-out=everywhere');
    for (const cookie of [other, third]) {
      expect((await request(t.app).get('/staff').set('Cookie', cookie)).status).toBe(302);
    }
  });

  it('disabling an account ends its sessions at once and refuses its passkey', async () => {
    const me = await t.enrol(await t.invite('gone@kahaani-pr.example', 'Gone Person'));
    await t.staff.store.setDisabled(
      (await t.staff.store.findStaffByEmail('gone@kahaani-pr.example'))?.id ?? '',
      t.clock.now,
    );
    expect((await request(t.app).get('/staff').set('Cookie', me.cookie)).status).toBe(302);
    const refused = await t.signIn(me.passkey);
    expect(refused.status).toBe(401);
    expect(refused.error).toMatch(/disabled/);
  });
});

describe('after signing out', () => {
  let t: StaffTestApp;
  beforeAll(async () => {
    t = await createStaffTestApp();
  });
  afterAll(() => t.close());

  const signOut = async (cookie: string) => {
    const out = await t.post('/staff/sign-out', {}, cookie, ORIGIN);
    expect(out.headers['location']).toBe('/staff/sign-in?signed-out=1');
    // The browser drops the cookie it is told to clear.
    expect(setCookieLines(out, 'staff_session')[0]).toMatch(/Expires=Thu, 01 Jan 1970/);
    return out;
  };

  it('Back to an inbox page leads to sign-in, which says nothing of a session that ran out', async () => {
    const me = await t.enrol(await t.invite());
    const out = await signOut(me.cookie);
    const landing = await request(t.app).get(out.headers['location'] as string);
    expect(landing.text).toContain('You are signed out.');
    expect(landing.text).not.toContain('30 minutes without activity');
    // Back, as a page load (no cookie any more) and as the router's data request.
    const page = await request(t.app).get('/staff/enquiries/e1');
    expect(page.status).toBe(302);
    expect(page.headers['location']).toBe('/staff/sign-in?next=%2Fstaff%2Fenquiries%2Fe1');
    const data = (await decoded(await request(t.app).get('/staff.data'))) as Record<
      symbol,
      { redirect: string }
    >;
    expect(Object.getOwnPropertySymbols(data).map((key) => data[key]?.redirect)).toEqual([
      '/staff/sign-in',
    ]);
    const signIn = await request(t.app).get('/staff/sign-in');
    expect(signIn.text).toContain('Sign in with a passkey');
    expect(signIn.text).not.toContain('30 minutes without activity');
  });

  it('a signed-out session id presented again is not called expired', async () => {
    const me = await t.enrol(await t.invite('kept@kahaani-pr.example', 'Kept Cookie'));
    await signOut(me.cookie);
    const res = await request(t.app).get('/staff').set('Cookie', me.cookie);
    expect(res.headers['location']).toBe('/staff/sign-in');
  });

  it('a session that ran out is, and the sign-in page says so', async () => {
    const me = await t.enrol(await t.invite('late@kahaani-pr.example', 'Late'));
    const at = t.clock.now;
    t.clock.now = at + IDLE_TIMEOUT_MS;
    try {
      const res = await request(t.app).get('/staff/delivery').set('Cookie', me.cookie);
      expect(res.headers['location']).toBe('/staff/sign-in?next=%2Fstaff%2Fdelivery&expired=1');
      const page = await request(t.app).get(res.headers['location'] as string);
      expect(page.text).toContain('Your session ended after 30 minutes without activity');
    } finally {
      t.clock.now = at;
    }
  });
});

describe('staff sessions on HTTPS', () => {
  let t: StaffTestApp;
  beforeAll(async () => {
    t = await createStaffTestApp({ SITE_URL: 'https://www.kahaani-pr.example' });
  });
  afterAll(() => t.close());

  it('the session cookie is __Host- prefixed and Secure', async () => {
    const me = await t.enrol(await t.invite());
    expect(me.cookie.startsWith('__Host-staff_session=')).toBe(true);
    const signed = await t.signIn(me.passkey);
    const [line] = setCookieLines(signed.res, '__Host-staff_session');
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Strict/);
    expect(line).toMatch(/; Path=\//);
    expect(line).not.toMatch(/Domain=/);
    expect((await request(t.app).get('/staff').set('Cookie', me.cookie)).status).toBe(200);
  });

  it('a passkey made for the site cannot sign in from plain http', async () => {
    const me = await t.enrol(await t.invite('http@kahaani-pr.example', 'Plain'));
    const res = await t.signIn(me.passkey, undefined, { origin: 'http://www.kahaani-pr.example' });
    expect(res.status).toBe(401);
  });
});

describe('passkeys', () => {
  let t: StaffTestApp;
  beforeAll(async () => {
    t = await createStaffTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['a challenge of its own', { challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    ['no user verification', { unverified: true }],
  ])('an answer with %s is refused', async (_what, lies) => {
    const me = await t.enrol(await t.invite(`lie${Math.random()}@kahaani-pr.example`, 'Liar'));
    const res = await t.signIn(me.passkey, undefined, lies);
    expect(res.status).toBe(401);
    expect(setCookie(res.res, 'staff_session')).toBeUndefined();
  });

  it('a passkey nobody enrolled is refused', async () => {
    const stranger = new SoftPasskey(ORIGIN);
    await t.enrol(await t.invite('someone@kahaani-pr.example', 'Someone'));
    const res = await t.signIn(stranger);
    expect(res.status).toBe(401);
  });

  it('a ceremony answers once', async () => {
    const me = await t.enrol(await t.invite('once@kahaani-pr.example', 'Once'));
    const options = await t.step('/staff/sign-in', { intent: 'options' });
    const ceremony = setCookie(options.res, 'staff_ceremony');
    const response = me.passkey.get(options.options ?? never(), RP_ID);
    const first = await t.step('/staff/sign-in', { intent: 'verify', response }, [ceremony]);
    expect(first.status).toBe(202);
    // The answer clears the ceremony's cookie; a replay with it is refused anyway.
    expect(setCookieLines(first.res, 'staff_ceremony')[0]).toMatch(/Expires=Thu, 01 Jan 1970/);
    const replay = await t.step('/staff/sign-in', { intent: 'verify', response }, [ceremony]);
    expect(replay.status).toBe(400);
    expect(replay.error).toMatch(/already used/);
  });

  it('adds a second passkey, removes one, and never the last', async () => {
    const me = await t.enrol(await t.invite('keys@kahaani-pr.example', 'Key Keeper'));
    const account = () => request(t.app).get('/staff/account').set('Cookie', me.cookie);
    expect((await account()).text).toContain('This is your only passkey');

    const first = me.passkey.id;
    const revokeLast = await t.post(
      '/staff/account',
      { intent: 'revoke', passkey: first },
      me.cookie,
      ORIGIN,
    );
    expect(revokeLast.status).toBe(409);
    expect(revokeLast.text).toContain('That is your only passkey, so it stays');

    const phone = new SoftPasskey(ORIGIN);
    const options = await t.step('/staff/account', { intent: 'options' }, [me.cookie]);
    expect(options.status).toBe(200);
    const response = phone.create(options.options ?? never(), RP_ID);
    // The new credential must not be one the account already has.
    expect((options.options as { excludeCredentials?: unknown }).excludeCredentials).toEqual([
      expect.objectContaining({ id: first }),
    ]);
    const added = await t.step('/staff/account', { intent: 'verify', response }, [
      me.cookie,
      setCookie(options.res, 'staff_ceremony'),
    ]);
    expect(added.location).toBe('/staff/account?done=added');
    expect((await t.signIn(phone)).status).toBe(202);

    const revoke = await t.post(
      '/staff/account',
      { intent: 'revoke', passkey: first },
      me.cookie,
      ORIGIN,
    );
    expect(revoke.status).toBe(303);
    expect(revoke.headers['location']).toBe('/staff/account?done=removed');
    expect((await t.signIn(me.passkey)).status).toBe(401);
    expect((await t.signIn(phone)).status).toBe(202);
  });
});

describe('sign-in limits', () => {
  let t: StaffTestApp;
  beforeAll(async () => {
    t = await createStaffTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  const options = (client: string) =>
    t.step('/staff/sign-in', { intent: 'options' }, [], { 'X-Forwarded-For': client });

  it('refuses the 31st sign-in from one client within 10 minutes, with Retry-After', async () => {
    for (let i = 0; i < LIMITS.signInClient.max; i++) {
      expect((await options('198.51.100.7')).status).toBe(200);
    }
    const refused = await options('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.error).toMatch(/Too many sign-in attempts/);
    // Another client is not affected; the first may try again once the window has passed.
    expect((await options('198.51.100.8')).status).toBe(200);
    const at = t.clock.now;
    t.clock.now = at + 10 * MINUTE;
    try {
      expect((await options('198.51.100.7')).status).toBe(200);
    } finally {
      t.clock.now = at;
    }
  });

  it('refuses the 11th failed answer for one account within 10 minutes, whatever the client', async () => {
    const me = await t.enrol(await t.invite('target@kahaani-pr.example', 'Target'));
    const evil = { origin: 'https://evil.example' };
    for (let i = 0; i < LIMITS.signInAccount.max; i++) {
      expect((await t.signIn(me.passkey, undefined, evil, `203.0.113.${i}`)).status).toBe(401);
    }
    const refused = await t.signIn(me.passkey, undefined, {}, '203.0.113.200');
    expect(refused.status).toBe(429);
    expect(refused.error).toMatch(/for this account/);
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('never counts a successful sign-in against the account', async () => {
    const me = await t.enrol(await t.invite('daily@kahaani-pr.example', 'Daily'));
    const client = (i: number) => `192.0.2.${i}`;
    // Twice the account's limit of sign-ins in one window, each from its own client.
    for (let i = 0; i < 2 * LIMITS.signInAccount.max; i++) {
      expect((await t.signIn(me.passkey, undefined, {}, client(i))).location).toBe('/staff');
    }
    // Failed answers still count from the first: the limit's worth is refused only after it.
    const evil = { origin: 'https://evil.example' };
    for (let i = 0; i < LIMITS.signInAccount.max; i++) {
      expect((await t.signIn(me.passkey, undefined, evil, client(100 + i))).status).toBe(401);
    }
    expect((await t.signIn(me.passkey, undefined, {}, client(200))).status).toBe(429);
  });
});
