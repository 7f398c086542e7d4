/**
 * Unknown paths on the stored-page path (docs/decisions/075-unknown-paths-before-express.md): once
 * Express has answered, an unknown path gets the same stored 404 page, bytes and headers, without
 * Express; the paths Express's own handlers answer (static files, `/assets/`, SEO files, probes,
 * social cards, media, the form's start, a page's other spellings, the staff pages) still get
 * their handlers' answers.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_PATH } from '../../src/lib/enquiry-fields.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** A response's headers without those that change per request. */
const stable = (res: request.Response) => {
  const { date: _date, ...rest } = res.headers as Record<string, string>;
  return rest;
};

describe('unknown paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('get the stored 404 page, the same before Express has answered and after', async () => {
    const fresh = await createTestApp();
    try {
      // The app's first answer goes through Express (it records helmet's headers).
      const first = await request(fresh.app).get('/no-such-page').set('Accept-Encoding', 'gzip');
      const second = await request(fresh.app).get('/no-such-page').set('Accept-Encoding', 'gzip');
      const other = await request(fresh.app).get('/wp-login.php').set('Accept-Encoding', 'gzip');
      for (const res of [first, second, other]) {
        expect(res.status).toBe(404);
        expect(res.text).toContain('Oops! Page not found');
        expect(stable(res)).toEqual(stable(first));
      }
      const head = await request(fresh.app).head('/still-no-page');
      expect(head.status).toBe(404);
      expect(head.headers['etag']).toBeDefined();
    } finally {
      await fresh.close();
    }
  });

  it("leave Express's own paths to their handlers", async () => {
    await request(t.app).get('/');
    const answers: Array<[string, number, RegExp]> = [
      ['/robots.txt', 200, /^text\/plain/],
      ['/sitemap.xml', 200, /^application\/xml/],
      ['/.well-known/security.txt', 200, /^text\/plain/],
      ['/healthz', 200, /^application\/json/],
      ['/readyz', 200, /^application\/json/],
      ['/favicon.ico', 200, /^image\//],
      ['/manifest.webmanifest', 200, /manifest\+json|json/],
      ['/og/home.png', 200, /^image\/png/],
      ['/assets/no-such-file.js', 404, /^text\/(plain|html)/],
      [START_PATH, 204, /.*/],
    ];
    for (const [path, status, type] of answers) {
      const res = await request(t.app).get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers['content-type'] ?? '', path).toMatch(type);
      expect(res.text ?? '', path).not.toContain('Oops! Page not found');
    }
    const spelled = await request(t.app).get('/About/');
    expect(spelled.status).toBe(301);
    expect(spelled.headers['location']).toBe('/about');
    const encoded = await request(t.app).get('/%61bout');
    expect(encoded.status).toBe(301);
    expect((await request(t.app).get('/%E0%A4%A')).status).toBe(400);
  });
});
