/**
 * A corpus of malformed and hostile requests, as scanners and attackers send them: each gets a
 * 4xx (never a 5xx), no redirect leaves the origin, and nothing of the request is echoed into a
 * stored page.
 */
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_PATH } from '../../src/lib/enquiry-fields.ts';
import { formBody } from '../pipeline/support/fixtures.ts';
import { FORM_POST, SCRIPT_POST } from '../pipeline/support/page-action.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const SITE = 'https://www.kahaani-pr.example';

describe('bad requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SITE_URL: SITE });
  });
  afterAll(async () => {
    await t.close();
  });

  const routes = ['/', '/about', '/contact', '/no-such-page', '/robots.txt', '/sitemap.xml'];
  const hosts = ['exa mple', 'host:99999', '[::1', '%', 'a/b', 'host:', 'host:0', 'ex@mple'];

  it.each(hosts)('a malformed Host %j gets 400 on every route', async (host) => {
    for (const path of routes) {
      const res = await request(t.app).get(path).set('Host', host);
      expect(res.status, path).toBe(400);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    for (const path of [FORM_POST, SCRIPT_POST]) {
      const post = await request(t.app).post(path).set('Host', host).type('form').send('name=x');
      expect(post.status, path).toBe(400);
    }
  });

  it('a request with two Host lines gets 400 on every route (RFC 9112 §3.2)', async () => {
    const server = createServer(t.app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    /** The status line the server answers to one raw request. */
    const statusOf = (head: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n`));
        let data = '';
        socket.on('data', (chunk) => {
          data += String(chunk);
          if (data.includes('\r\n')) {
            socket.destroy();
            resolve(data.split('\r\n')[0] ?? '');
          }
        });
        socket.on('error', reject);
      });
    try {
      for (const path of routes) {
        const twice = `GET ${path} HTTP/1.1\r\nHost: localhost\r\nHost: evil.example`;
        expect(await statusOf(twice), path).toBe('HTTP/1.1 400 Bad Request');
        const once = `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close`;
        expect(await statusOf(once), path).toMatch(/^HTTP\/1\.1 (200|404) /);
      }
    } finally {
      server.close();
    }
  });

  it.each(['TRACE', 'PUT', 'DELETE', 'PATCH'])('%s gets 405 with Allow', async (method) => {
    for (const path of ['/', FORM_POST, SCRIPT_POST, START_PATH, '/robots.txt']) {
      const res = await request(t.app)[method.toLowerCase() as 'put'](path);
      expect(res.status, path).toBe(405);
      expect(res.headers['allow']).toBe('GET, HEAD, POST');
    }
  });

  it('OPTIONS answers 204 with Allow', async () => {
    const res = await request(t.app).options('/contact');
    expect(res.status).toBe(204);
    expect(res.headers['allow']).toBe('GET, HEAD, POST');
  });

  it.each([
    '/\\evil.example/%2e%2e',
    '//evil.example/',
    '//evil.example/%2e%2e',
    '/%5Cevil.example/',
    '/assets',
    '/assets/',
    '/og',
    '/og/',
    '/.well-known',
  ])('%s never redirects off the origin', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBeLessThan(500);
    const location = res.headers['location'];
    if (location) expect(new URL(location, SITE).origin).toBe(SITE);
  });

  it.each(['/%', '/%E0%A4%A', '/about%', '/%ff', '/%C0%AF'])(
    'an undecodable path %j gets 400',
    async (path) => {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(400);
    },
  );

  it.each([
    '/..%2f..%2fetc%2fpasswd',
    '/assets/..%2f..%2fserver.ts',
    '/assets/../../package.json',
    '/.env',
    '/.git/config',
    '/server.ts',
    '/src/server/env.ts',
    '/node_modules/express/package.json',
    '/wp-login.php',
    '/%00',
    '/?sent=1%0d%0aSet-Cookie:%20x=y',
    '/contact?sent[]=1&sent=2',
  ])('%s gets a 4xx or a page, never source code or a 5xx', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBeLessThan(500);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.text).not.toContain('process.env');
    expect(res.text).not.toContain('"dependencies"');
  });

  it('a very long path gets a 4xx', async () => {
    const res = await request(t.app).get(`/${'a'.repeat(8000)}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('odd Accept-Encoding values get a readable page', async () => {
    for (const value of ['', '*', 'identity;q=0', 'br;q=0, gzip;q=0', 'x-unknown', 'gzip;q=abc']) {
      const res = await request(t.app).get('/about').set('Accept-Encoding', value);
      expect(res.status, value).toBe(200);
      expect(res.text, value).toContain('</html>');
    }
  });

  it('odd If-None-Match values never break the page', async () => {
    for (const value of ['*', 'W/"x"', '""', 'garbage', ',,,']) {
      const res = await request(t.app).get('/about').set('If-None-Match', value);
      expect(res.status, value).toBeLessThan(500);
    }
  });

  it('form posts of the wrong type, size or shape get 413/415/4xx', async () => {
    const json = await request(t.app)
      .post('/contact')
      .set('Content-Type', 'application/json')
      .send('{"name":"x"}');
    expect(json.status).toBe(415);
    const huge = await request(t.app)
      .post('/contact')
      .type('form')
      .send(`message=${'x'.repeat(70 * 1024)}`);
    expect(huge.status).toBe(413);
    const none = await request(t.app).post('/about').type('form').send('a=1');
    expect(none.status).toBeGreaterThanOrEqual(400);
    expect(none.status).toBeLessThan(500);
    const robots = await request(t.app).post('/robots.txt').type('form').send('a=1');
    expect(robots.status).toBeLessThan(500);
    // The JSON endpoint is gone: a post there is refused, and stores nothing.
    const gone = await request(t.app)
      .post('/api/enquiries')
      .set('Origin', SITE)
      .type('form')
      .send(formBody({ subject: 'Old endpoint' }).toString());
    expect(gone.status).toBeGreaterThanOrEqual(400);
    expect(gone.status).toBeLessThan(500);
    const rows = await t.runtime.store.list({ includeSpam: true });
    expect(rows.some((r) => r.subject === 'Old endpoint')).toBe(false);
  });
});
