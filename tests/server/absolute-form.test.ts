/**
 * Request targets in absolute form (`GET http://host/about HTTP/1.1`), which a server must accept
 * (https://www.rfc-editor.org/rfc/rfc9112#section-3.2.2), are answered as their origin form on
 * every kind of path — stored pages, rendered pages, the 404, data requests, the staff pages and
 * posts, the contact post — on the site's port and on the staff port; other targets get 400, never
 * a 5xx. Supertest sends only origin form, so these are raw requests over a socket.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBody } from '../pipeline/support/fixtures.ts';
import { FORM_POST, SCRIPT_POST } from '../pipeline/support/page-action.ts';
import { createStaffTestApp, ORIGIN, type StaffTestApp } from './support/staff-app.ts';

/** An answer's status line and `Content-Type`. */
interface Head {
  status: string;
  type: string | undefined;
}

/** The server's answer to one raw request (sent with `Connection: close`), read to its end. */
function rawRequest(port: number, head: string, body = ''): Promise<Head> {
  const lines = [head, 'Host: localhost:3000', 'Connection: close'];
  if (body) {
    lines.push(`Origin: ${ORIGIN}`, 'Content-Type: application/x-www-form-urlencoded');
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  }
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`),
    );
    let data = '';
    socket.on('data', (chunk) => (data += String(chunk)));
    socket.on('end', () => {
      const [status = '', ...headers] = data.split('\r\n\r\n')[0]?.split('\r\n') ?? [];
      const type = headers
        .find((h) => /^content-type:/i.test(h))
        ?.slice(13)
        .trim();
      resolve({ status, type });
    });
    socket.on('error', reject);
  });
}

const READS = [
  '/',
  '/about',
  '/contact',
  '/contact?sent=1',
  '/About/',
  '/no-such-page',
  '/about.data?_routes=about',
  '/robots.txt',
  '/sitemap.xml',
  '/staff',
  '/staff/sign-in',
  '/staff/content',
];

describe('absolute-form request targets', () => {
  let t: StaffTestApp;
  const servers: Server[] = [];
  /** The site's port and the staff port (STAFF_PORT's app), listening. */
  const ports: Record<'site' | 'staff', number> = { site: 0, staff: 0 };
  beforeAll(async () => {
    t = await createStaffTestApp({ STAFF_AREA: 'on', STAFF_PORT: '3001' });
    for (const [surface, app] of [
      ['site', t.app],
      ['staff', t.staffHttp],
    ] as const) {
      const server = createServer(app).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      servers.push(server);
      ports[surface] = (server.address() as AddressInfo).port;
    }
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    await t.close();
  });

  it.each(['site', 'staff'] as const)(
    'on the %s port, a GET or HEAD in absolute form is answered as its origin form',
    async (surface) => {
      for (const method of ['GET', 'HEAD']) {
        for (const path of READS) {
          const origin = await rawRequest(ports[surface], `${method} ${path} HTTP/1.1`);
          const absolute = await rawRequest(
            ports[surface],
            `${method} http://localhost:3000${path} HTTP/1.1`,
          );
          expect(origin.status, `${method} ${path}`).not.toMatch(/ 5\d\d /);
          expect(absolute, `${method} ${path}`).toEqual(origin);
        }
      }
    },
  );

  it('a post in absolute form (contact form, its script, a staff action) is answered as its origin form', async () => {
    const posts: Array<[number, string, string]> = [
      [ports.site, FORM_POST, formBody({ email: 'not-an-address' }).toString()],
      [ports.site, SCRIPT_POST, formBody({ email: 'not-an-address' }).toString()],
      [ports.site, '/staff/sign-in', 'intent=options'],
      [ports.staff, '/staff/sign-in.data', 'intent=options'],
    ];
    for (const [port, path, body] of posts) {
      const origin = await rawRequest(port, `POST ${path} HTTP/1.1`, body);
      const absolute = await rawRequest(port, `POST http://localhost:3000${path} HTTP/1.1`, body);
      expect(origin.status, path).not.toMatch(/ 5\d\d /);
      expect(absolute, path).toEqual(origin);
    }
  });

  it('the target’s authority is the host, and a target neither origin nor absolute form gets 400', async () => {
    const other = await rawRequest(ports.site, 'GET https://www.example.org/about HTTP/1.1');
    expect(other.status).toBe('HTTP/1.1 200 OK');
    for (const target of [
      '*',
      'about',
      'ftp://localhost:3000/',
      'http://user@localhost:3000/',
      'http://exa mple/',
      'http:///about',
    ]) {
      const res = await rawRequest(ports.site, `GET ${target} HTTP/1.1`);
      expect(res.status, target).toBe('HTTP/1.1 400 Bad Request');
    }
  });
});
