/**
 * The real container image: what it holds, who it runs as, its health check, the
 * site it serves, its data volume, SIGTERM while a request is in flight, a read-only root
 * filesystem, configuration errors, and two instances on one PostgreSQL with a real SMTP sink.
 */
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { formBody } from '../pipeline/support/fixtures.ts';
import { CONFIRMATION, FORM_POST } from '../pipeline/support/page-action.ts';
import { createDatabase, startSmtp } from '../pipeline/support/helpers.ts';
import {
  docker,
  dockerRaw,
  health,
  runContainer,
  waitExited,
  waitHealthy,
  type Container,
} from './support.ts';

const image = inject('image');
const running: Container[] = [];
const volumes: string[] = [];
afterAll(() => {
  for (const c of running) c.remove();
  for (const v of volumes) dockerRaw('volume', 'rm', '-f', v);
});

async function start(env: Record<string, string> = {}, flags: string[] = []) {
  const c = await runContainer(image, env, flags);
  running.push(c);
  return c;
}

/** A valid enquiry as the form posts it (no start cookie: a person, decision 009). */
function enquiry(subject: string): string {
  return formBody({ subject }).toString();
}

/**
 * Posts the contact form as a browser without JavaScript does; a stored enquiry answers
 * 303 to the confirmation (post/redirect/get), which is not followed.
 */
const post = (c: Container, body: string) =>
  fetch(`${c.url}${FORM_POST}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: c.url },
    body,
    redirect: 'manual',
  });

/** An answer to {@link post} as `status location`, {@link STORED} for a stored enquiry. */
const outcome = (res: Response) => `${res.status} ${res.headers.get('location') ?? ''}`;
const STORED = `303 ${CONFIRMATION}`;

describe('the image', () => {
  it("holds only what runs: the build output and sharp's packages, no source file", () => {
    const listing = docker(
      'run',
      '--rm',
      image,
      'node',
      '-e',
      "const fs=require('fs');console.log(JSON.stringify({app:fs.readdirSync('/app').sort(),dist:fs.readdirSync('/app/dist').sort(),server:fs.readdirSync('/app/dist/server').filter(f=>f.endsWith('.js')).sort(),modules:fs.readdirSync('/app/node_modules').filter(f=>!f.startsWith('.')).sort(),img:fs.readdirSync('/app/node_modules/@img').sort(),sources:fs.readdirSync('/app/dist',{recursive:true}).filter(f=>/(^|\\/)node_modules$|\\.tsx?$/.test(f))}))",
    );
    const found = JSON.parse(listing) as {
      app: string[];
      dist: string[];
      server: string[];
      modules: string[];
      img: string[];
      sources: string[];
    };
    expect(found.app).toEqual(['dist', 'node_modules']);
    // The production dependencies alone: sharp and its prebuilt libvips for this platform
    // (docs/decisions/051-uploaded-images-re-encoded-in-the-database.md); tslib comes with them
    // because the lock marks it "devOptional" (sharp's optional WebAssembly build needs it).
    expect(found.modules).toEqual(['@img', 'detect-libc', 'semver', 'sharp', 'tslib']);
    expect(found.img).toEqual(['colour', 'sharp-libvips-linux-x64', 'sharp-linux-x64']);
    // The client files (the site's and the staff inbox's, one route tree), the content a fresh
    // database is seeded with (docs/decisions/048-content-in-the-database.md) and the server
    // bundles, the content CLI's among them.
    expect(found.dist).toEqual(['client', 'content', 'server']);
    expect(found.server).toEqual(['app.js', 'content.js', 'enquiries.js', 'server.js']);
    expect(found.sources, 'node_modules folders or TypeScript sources').toEqual([]);
    // The bundles import sharp from there, and it loads on the image's platform.
    const vips = docker(
      'run',
      '--rm',
      image,
      'node',
      '-e',
      "console.log(require('sharp').versions.vips)",
    );
    expect(vips.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const config = JSON.parse(
      docker('image', 'inspect', '--format', '{{json .Config}}', image),
    ) as {
      User: string;
      Env: string[];
      Volumes: Record<string, unknown>;
      Healthcheck?: { Test: string[] };
      Cmd: string[];
    };
    expect(config.User).toBe('node');
    expect(config.Env).toContain('NODE_ENV=production');
    expect(Object.keys(config.Volumes)).toEqual(['/data']);
    expect(config.Healthcheck?.Test.join(' ')).not.toMatch(/curl|wget/);
    expect(config.Cmd.at(0)).toBe('node');
    expect(config.Cmd.at(-1)).toBe('dist/server/server.js');
  });

  it('runs as a non-zero uid, turns healthy and serves the site as the plain server does', async () => {
    const c = await start();
    await waitHealthy(c.name);
    expect(
      Number(docker('exec', c.name, 'node', '-e', 'console.log(process.getuid())')),
    ).toBeGreaterThan(0);
    const home = await fetch(`${c.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en-IN"/);
    expect(html).toContain('Where every story');
    // Rendered once at start and the same for every visitor: inline code allowed by hash, a
    // strong ETag, brotli made once, and a CDN may keep it (docs/decisions/006…, 008…).
    const csp = home.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src [^;]*'sha256-/);
    expect(csp).not.toContain('nonce-');
    expect(home.headers.get('content-encoding')).toBe('br');
    expect(home.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    expect(home.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=600, stale-while-revalidate=60',
    );
    const again = await fetch(`${c.url}/`, {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': home.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    expect((await fetch(`${c.url}/privacy`)).status).toBe(404);
    const ready = await fetch(`${c.url}/readyz`);
    expect(await ready.json()).toMatchObject({ status: 'ready', store: 'sqlite' });
  });

  it('keeps enquiries in the /data volume across containers', async () => {
    const volume = `sv-test-data-${Date.now()}`;
    volumes.push(volume);
    const first = await start({}, ['-v', `${volume}:/data`]);
    await waitHealthy(first.name);
    expect(outcome(await post(first, enquiry('Survives the container')))).toBe(STORED);
    first.remove();
    const second = await start({}, ['-v', `${volume}:/data`]);
    await waitHealthy(second.name);
    const list = docker('exec', second.name, 'node', 'dist/server/enquiries.js', 'list');
    expect(list).toContain('Survives the container');
    const csv = docker(
      'exec',
      second.name,
      'node',
      'dist/server/enquiries.js',
      'export',
      '--format',
      'csv',
    );
    expect(csv).toContain('Survives the container');
    expect(csv.split(/\r?\n/), 'a header and one enquiry').toHaveLength(2);
    const usage = dockerRaw('exec', second.name, 'node', 'dist/server/enquiries.js', 'bogus');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Unknown command "bogus"');
  });

  it('SIGTERM during a slow request: readiness 503 first, the request completes, exit 0 < 10 s', async () => {
    const c = await start({ DRAIN_GRACE_MS: '3000' });
    await waitHealthy(c.name);
    const body = enquiry('Sent while stopping');
    // A slow client: headers and the body's start now, the rest once the server is draining, so
    // the request is in flight at SIGTERM however long docker takes to deliver it.
    let finish = (): void => {};
    const answer = new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${c.url}${FORM_POST}`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'Content-Length': Buffer.byteLength(body),
            Origin: c.url,
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      finish = () => req.end(body.slice(10));
    });
    await new Promise((r) => setTimeout(r, 200));
    const stopped = Date.now();
    // `docker stop` sends SIGTERM and waits up to 10 s before it would send SIGKILL.
    const stop = new Promise<number>((resolve) =>
      spawn('docker', ['stop', '-t', '10', c.name], { stdio: 'ignore' }).once('exit', (code) =>
        resolve(code ?? 1),
      ),
    );
    // Readiness turns 503 as soon as the signal arrives (docker delivers it in its own time on a
    // busy machine), while the port still answers for DRAIN_GRACE_MS.
    let ready = await fetch(`${c.url}/readyz`);
    while (ready.status === 200 && Date.now() - stopped < 6_000) {
      await new Promise((r) => setTimeout(r, 50));
      ready = await fetch(`${c.url}/readyz`);
    }
    finish();
    expect(ready.status, `readiness ${Date.now() - stopped} ms after docker stop`).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    expect(await answer).toBe(303);
    expect(await stop).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(10_000);
    expect(await waitExited(c.name, 1000), 'exit code').toBe(0);
  });

  it('works with a read-only root filesystem and a tmpfs /tmp', async () => {
    const c = await start({}, ['--read-only', '--tmpfs', '/tmp', '-v', `/data`]);
    await waitHealthy(c.name);
    expect((await fetch(`${c.url}/about`)).status).toBe(200);
    expect(outcome(await post(c, enquiry('Read-only root')))).toBe(STORED);
  });

  it('a bad DATABASE_URL stops the container before it listens, with one clear line', () => {
    const r = dockerRaw(
      'run',
      '--rm',
      '--network',
      'host',
      '-e',
      'SITE_URL=https://www.example.com',
      '-e',
      'DATABASE_URL=mysql://db/site',
      image,
    );
    expect(r.status).not.toBe(0);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: DATABASE_URL: /);
  });

  it('two instances on one PostgreSQL: 50 enquiries stored once and notified exactly once', async () => {
    const url = await createDatabase(inject('pgAdminUrl'));
    const smtp = await startSmtp();
    const instances: Container[] = [];
    try {
      const env = { DATABASE_URL: url, SMTP_URL: smtp.url, RATE_LIMIT_MAX: '1000' };
      const a = await start(env);
      const b = await start(env);
      instances.push(a, b);
      await Promise.all([waitHealthy(a.name), waitHealthy(b.name)]);
      for (let i = 0; i < 50; i++) {
        const res = await post(i % 2 === 0 ? a : b, enquiry(`Scale-out ${i}`));
        expect(outcome(res), `enquiry ${i}`).toBe(STORED);
      }
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const stored = await client.query<{ n: string }>(
        "SELECT COUNT(*) AS n FROM submissions WHERE subject LIKE 'Scale-out %'",
      );
      await client.end();
      expect(Number(stored.rows[0]?.n)).toBe(50);
      const deadline = Date.now() + 60_000;
      while (smtp.mails.length < 50 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
      }
      await new Promise((r) => setTimeout(r, 2000)); // a duplicate would arrive by now
      const subjects = smtp.mails.map((m) => /Scale-out \d+/.exec(m.raw)?.[0]);
      expect(subjects).toHaveLength(50);
      expect(new Set(subjects).size).toBe(50);
      expect(health(a.name)).toBe('healthy');
    } finally {
      // The instances first: their pooled SMTP connections would hold smtp.close() open.
      for (const c of instances) c.remove();
      await smtp.close();
    }
  });
});
