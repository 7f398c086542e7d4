/**
 * The edge stays the edge (docs/decisions/037-one-route-tree-for-the-site-and-the-inbox.md):
 *
 * - with the inbox on the public port, every public page and the 404 page are the same bytes
 *   with the same ETag, Cache-Control and Content-Security-Policy as without it, and so is the
 *   sitemap but for its lastmod (each database's own release time); only robots.txt gains
 *   `Disallow: /staff`; no public page names a module of the inbox, nor does the
 *   framework's route discovery for public paths;
 * - with the inbox on its own port (STAFF_PORT) or off (STAFF_AREA=off), the public port
 *   answers `/staff` and its data requests with its 404 page, and the inbox's own app serves it
 *   and nothing else.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGES } from '../../src/pages.ts';
import { routeLabel } from '../../src/server/observability.ts';
import { createStaffTestApp, type StaffTestApp } from './support/staff-app.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const SITE = 'https://www.kahaani-pr.example';
const PATHS = [...PAGES.map((p) => p.path), '/contact?sent=1', '/no-such-page', '/staffing'];
const ENCODINGS = ['identity', 'gzip', 'br'];

/** What a cache or a browser keeps of a response. */
async function snapshot(app: TestApp['app'], path: string, encoding: string) {
  const res = await request(app)
    .get(path)
    .set('Accept-Encoding', encoding)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const h = res.headers;
  return {
    status: res.status,
    body: (res.body as Buffer).toString('base64'),
    headers: {
      etag: h['etag'],
      'cache-control': h['cache-control'],
      'content-security-policy': h['content-security-policy'],
      'content-encoding': h['content-encoding'],
      'content-type': h['content-type'],
      vary: h['vary'],
    },
  };
}

/**
 * Waits until the app has recompressed its stored pages at brotli's full quality (the background
 * step of docs/decisions/006-pages-rendered-once-per-release.md), so two apps are compared in the
 * same state.
 */
async function strongBrotli(app: TestApp['app']): Promise<void> {
  for (const path of PATHS) {
    await vi.waitFor(
      async () => {
        const res = await request(app).head(path).set('Accept-Encoding', 'br');
        expect(res.headers['etag']).toMatch(/-br"$/);
      },
      { timeout: 120_000, interval: 200 },
    );
  }
}

describe('the inbox on the public port changes no public response', () => {
  let without: TestApp;
  let withInbox: StaffTestApp;
  beforeAll(async () => {
    without = await createTestApp({ SITE_URL: SITE, STAFF_AREA: 'off' });
    withInbox = await createStaffTestApp({ SITE_URL: SITE });
    await Promise.all([strongBrotli(without.app), strongBrotli(withInbox.app)]);
  });
  afterAll(async () => {
    await without.close();
    await withInbox.close();
  });

  it.each(PATHS)('%s: same bytes, ETag, caching and CSP in every encoding', async (path) => {
    for (const encoding of ENCODINGS) {
      expect(await snapshot(withInbox.app, path, encoding)).toEqual(
        await snapshot(without.app, path, encoding),
      );
    }
  });

  it('the sitemap is the same but for its database’s release time, and never lists the inbox', async () => {
    // Each app seeded its own database, at its own time: lastmod, and so the ETag, is that time
    // (docs/decisions/060-sitemap-lastmod-follows-releases.md).
    const undated = async (app: TestApp) => {
      const { body, headers } = await snapshot(app.app, '/sitemap.xml', 'identity');
      const text = Buffer.from(body, 'base64').toString();
      const seeded = new Date(await app.content.publishedAt(1)).toISOString();
      expect(text).toContain(`<lastmod>${seeded}</lastmod>`);
      return { text: text.replaceAll(seeded, 'seeded'), headers: { ...headers, etag: undefined } };
    };
    const a = await undated(withInbox);
    expect(a).toEqual(await undated(without));
    expect(a.text).not.toContain('/staff');
  });

  it('robots.txt asks crawlers to leave /staff alone, and only then', async () => {
    const on = await request(withInbox.app).get('/robots.txt');
    const off = await request(without.app).get('/robots.txt');
    expect(on.text).toBe(
      `User-agent: *\nDisallow: /staff\nAllow: /\n\nSitemap: ${SITE}/sitemap.xml\n`,
    );
    expect(off.text).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${SITE}/sitemap.xml\n`);
  });

  it('the inbox answers on the public port, counted under one route label', async () => {
    expect((await request(withInbox.app).get('/staff/sign-in')).status).toBe(200);
    for (const path of ['/staff', '/staff.data', '/staff/enquiries/x', '/staff/account.data']) {
      expect(routeLabel(path, 200), path).toBe('/staff');
    }
    expect(routeLabel('/staffing', 200)).toBe('static');
  });

  it('no public page names a module of the inbox, nor does route discovery for public paths', async () => {
    const app = withInbox.app;
    const home = (await request(app).get('/')).text;
    const version = /"version": ?"([^"]+)"/.exec(home)?.[1] ?? '';
    type Entry = Record<string, string | string[] | boolean | undefined>;
    const discover = async (paths: string[]) => {
      const query = new URLSearchParams({ version, paths: paths.join(',') });
      const res = await request(app).get(`/__manifest?${query}`);
      expect(res.status).toBe(200);
      return res.body as Record<string, Entry>;
    };
    const files = (routes: Entry[]) =>
      new Set(
        routes.flatMap((route) =>
          Object.values(route)
            .flat()
            .filter((v): v is string => typeof v === 'string' && v.endsWith('.js')),
        ),
      );
    const inbox = await discover(['/staff', '/staff/sign-in', '/staff/enquiries/x', '/staff/x']);
    const inboxRoutes = Object.entries(inbox).filter(([id]) => /^staff(?:\/|$)/.test(id));
    expect(inboxRoutes.map(([id]) => id)).toContain('staff/routes/sign-in');
    const publicPaths = [...PAGES.map((p) => p.path), '/no-such-page'];
    const site = await discover(publicPaths);
    expect(Object.keys(site).filter((id) => id.startsWith('staff'))).toEqual([]);
    const shared = files(Object.values(site));
    const inboxOnly = [...files(inboxRoutes.map(([, route]) => route))].filter(
      (file) => !shared.has(file),
    );
    // The inbox's route modules, its passkey button and SimpleWebAuthn's browser half at least.
    expect(inboxOnly.length).toBeGreaterThan(5);
    for (const path of [...publicPaths, '/contact?sent=1']) {
      const html = (await request(app).get(path)).text;
      for (const file of inboxOnly) expect(html, `${path} names ${file}`).not.toContain(file);
      expect(html).not.toMatch(/["/]staff[/".]/);
    }
  });
});

describe('the inbox on its own port', () => {
  let t: StaffTestApp;
  let notFound: string;
  beforeAll(async () => {
    t = await createStaffTestApp({
      SITE_URL: 'http://localhost:3000',
      STAFF_PORT: '3001',
    });
    notFound = (await request(t.app).get('/no-such-page')).text;
  });
  afterAll(() => t.close());

  it('resolves its origin to SITE_URL with the staff port', () => {
    expect(t.env.STAFF_URL).toBe('http://localhost:3001');
    expect(t.env.STAFF_RP_ID).toBe('localhost');
  });

  it.each(['/staff', '/staff/sign-in', '/staff/enquiries/x', '/staff.data', '/staff/account.data'])(
    'the public port answers %s with its 404 page',
    async (path) => {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(404);
      expect(res.text).toBe(notFound);
    },
  );

  it('the public port runs no action of the inbox', async () => {
    const res = await request(t.app)
      .post('/staff/sign-in.data')
      .set('Origin', 'http://localhost:3000')
      .send({ intent: 'options' });
    expect(res.status).toBe(404);
    expect(await t.staff.store.listAudit(10)).toEqual([]);
  });

  it('robots.txt on the public port does not name the inbox', async () => {
    expect((await request(t.app).get('/robots.txt')).text).not.toContain('staff');
  });

  it("the inbox's own app serves it, and nothing else", async () => {
    const staffApp = t.staffHttp;
    expect(staffApp).not.toBe(t.app);
    expect((await request(staffApp).get('/')).headers['location']).toBe('/staff');
    expect((await request(staffApp).get('/about')).status).toBe(404);
    const robots = await request(staffApp).get('/robots.txt');
    expect(robots.text).toBe('User-agent: *\nDisallow: /\n');
    const me = await t.enrol(await t.invite());
    const inbox = await request(staffApp).get('/staff').set('Cookie', me.cookie);
    expect(inbox.status).toBe(200);
    expect(inbox.headers['content-security-policy']).toMatch(/'strict-dynamic'/);
    const css = /href="(\/assets\/staff-[^"]+\.css)"/.exec(inbox.text)?.[1] ?? '';
    expect((await request(staffApp).get(css)).status).toBe(200);
    // The framework's own requests for the inbox, too.
    expect((await request(staffApp).get('/staff.data').set('Cookie', me.cookie)).status).toBe(200);
    const version = /"version": ?"([^"]+)"/.exec(inbox.text)?.[1] ?? '';
    const manifest = await request(staffApp).get(
      `/__manifest?version=${version}&paths=/staff/account`,
    );
    expect(Object.keys(manifest.body as object)).toContain('staff/routes/account');
  });
});

describe('the inbox turned off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STAFF_AREA: 'off' });
  });
  afterAll(() => t.close());

  it('answers /staff with the 404 page, and takes no post there', async () => {
    const notFound = (await request(t.app).get('/no-such-page')).text;
    for (const path of ['/staff', '/staff/sign-in', '/staff.data']) {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(404);
      expect(res.text).toBe(notFound);
    }
    const post = await request(t.app)
      .post('/staff/sign-out')
      .set('Origin', t.env.SITE_URL)
      .type('form')
      .send({ intent: 'x' });
    expect(post.status).toBe(404);
  });
});
