/**
 * The contact pipeline over HTTP against the production server (`server.ts` + the build): the
 * page action as the form's script posts it and as a plain Post/Redirect/Get without JavaScript,
 * spam rules, rate limit, origin check, body limits, a database that goes away (503, nothing
 * lost), /healthz, graceful SIGTERM.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SqliteStore } from '../../src/server/enquiries/sql-store.ts';
import {
  createDatabase,
  startServer,
  startSmtp,
  TEST_SECRET,
  type RunningServer,
} from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';
import { startCookie } from '../../src/server/enquiries/secret.ts';
import { formBody } from './support/fixtures.ts';
import { send } from './support/http.ts';
import { CONFIRMATION, enhanced, FORM_POST, SCRIPT_POST } from './support/page-action.ts';
import pg from 'pg';

describe('contact pipeline over HTTP (SQLite)', () => {
  let srv: RunningServer;
  let dataDir: string;
  let origin: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const store = () => new SqliteStore(join(dataDir, 'enquiries.sqlite'));
  const post = (
    body: URLSearchParams | string,
    over: Record<string, string> = {},
    path = FORM_POST,
  ) =>
    send(srv.url, {
      path,
      body: body.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, ...over },
    });

  beforeAll(async () => {
    dataDir = tempDir('http');
    smtp = await startSmtp();
    srv = await startServer(inject('buildDir'), {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      NOTIFY_TO: 'team@agency.example',
      NOTIFY_FROM: 'hello@agency.example',
    });
    origin = srv.url;
  });
  afterAll(async () => {
    await srv?.stop();
    await smtp?.close();
  });

  it('/healthz (liveness) and /readyz (readiness: the store answers) say so in JSON', async () => {
    const live = await send(srv.url, { method: 'GET', path: '/healthz' });
    expect(live.status).toBe(200);
    expect(live.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(live.body)).toMatchObject({ status: 'ok', version: expect.any(String) });
    const ready = await send(srv.url, { method: 'GET', path: '/readyz' });
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({
      status: 'ready',
      store: 'sqlite',
      uptime: expect.any(Number),
    });
  });

  it('with JavaScript: success only after storing, then the agency is notified', async () => {
    const r = await post(enhanced(formBody({ subject: 'JSON path subject' })), {}, SCRIPT_POST);
    expect(r.status).toBe(200);
    const s = store();
    const rows = await s.list();
    await s.close();
    expect(rows.find((x) => x.subject === 'JSON path subject')).toBeTruthy();
    for (let i = 0; i < 100 && !smtp.mails.some((m) => m.raw.includes('JSON path subject')); i++) {
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(smtp.mails.some((m) => m.raw.includes('JSON path subject'))).toBe(true);
    // Structured logs carry the submission id, never the visitor's email or message.
    const id = rows.find((x) => x.subject === 'JSON path subject')?.id ?? 'missing';
    expect(srv.logs()).toContain(`"submissionId":"${id}"`);
    expect(srv.logs()).not.toContain('asha@example.com');
    expect(srv.logs()).not.toContain('We are launching in March');
  });

  it('no-JS path: 303 to the confirmation (PRG), confirmation rendered on GET', async () => {
    const r = await post(formBody({ subject: 'No-JS subject' }));
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe(CONFIRMATION);
    const page = await send(srv.url, { method: 'GET', path: '/contact?sent=1' });
    expect(page.body).toMatch(/role="status"[^>]*>\s*Thank you/);
    // GET of the confirmation stores nothing: a reload cannot resubmit.
    const s = store();
    expect((await s.list()).filter((x) => x.subject === 'No-JS subject')).toHaveLength(1);
    await s.close();
  });

  it('no-JS invalid input: re-rendered with the text kept and messages tied to fields', async () => {
    const r = await post(
      formBody({ email: 'not-an-address', message: 'Keep <this> text & "that"' }),
    );
    expect(r.status).toBe(400);
    expect(r.body).toContain('value="not-an-address"');
    expect(r.body).toContain('Keep &lt;this&gt; text &amp; &quot;that&quot;');
    expect(r.body).toMatch(
      /id="contact-email"[^>]*aria-invalid="true"[^>]*aria-describedby="contact-email-error"/,
    );
    expect(r.body).toMatch(/id="contact-email-error"[^>]*>Please enter a valid email address/);
    expect(r.body).not.toMatch(/id="contact-name"[^>]*aria-invalid/);
  });

  it('with JavaScript, invalid input: 400 with per-field messages from the shared schema', async () => {
    const r = await post(
      enhanced(formBody({ name: '', email: 'x', subject: 'Scripted invalid' })),
      {},
      SCRIPT_POST,
    );
    expect(r.status).toBe(400);
    expect(r.body).toContain('Please check the 2 fields marked below.');
    expect(r.body).toContain('Please enter your name.');
    expect(r.body).toMatch(/Please enter a valid email address/);
    const s = store();
    expect(
      (await s.list({ includeSpam: true })).some((x) => x.subject === 'Scripted invalid'),
    ).toBe(false);
    await s.close();
  });

  it('honeypot → success answer, stored as spam, never notified', async () => {
    const r = await post(formBody({ website: 'http://spam.example', subject: 'Honeypot subject' }));
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe(CONFIRMATION);
    const s = store();
    const row = (await s.list({ includeSpam: true })).find((x) => x.subject === 'Honeypot subject');
    await s.close();
    expect(row).toMatchObject({ spam: 'honeypot', notification: 'none' });
    await new Promise((res) => setTimeout(res, 300));
    expect(smtp.mails.some((m) => m.raw.includes('Honeypot subject'))).toBe(false);
  });

  it('time trap: a start younger than FORM_MIN_FILL_MS or a forged cookie → stored as spam; no cookie → a person', async () => {
    const fastDir = tempDir('fast');
    const fast = await startServer(inject('buildDir'), {
      DATA_DIR: fastDir,
      FORM_MIN_FILL_MS: '3000',
    });
    const submit = (subject: string, cookie?: string) =>
      send(fast.url, {
        path: FORM_POST,
        body: formBody({ subject }).toString(),
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: fast.url,
          ...(cookie ? { Cookie: cookie } : {}),
        },
      });
    try {
      // The cookie the start endpoint just issued: the "visitor" sends at once.
      const start = await send(fast.url, { method: 'GET', path: '/api/enquiries/start' });
      const issued = String(start.headers['set-cookie']?.[0]).split(';')[0] ?? '';
      const signed = async (secret: string, at: number) =>
        (await startCookie(secret).serialize(at)).split(';')[0];
      const slow = await signed(TEST_SECRET, Date.now() - 5000);
      const forged = await signed('another-secret-0123456789', Date.now() - 5000);
      const answers = [
        await submit('Fast', issued),
        await submit('Slow', slow),
        await submit('Forged', forged),
        await submit('None'),
      ];
      // The visitor (or bot) cannot tell the verdicts apart.
      expect(answers.map((r) => r.status)).toEqual([303, 303, 303, 303]);
      const seen = answers.map((r) =>
        JSON.stringify([r.headers.location, r.headers['set-cookie'], r.body]),
      );
      expect(new Set(seen).size).toBe(1);
      expect(answers[0]?.headers.location).toBe(CONFIRMATION);
    } finally {
      await fast.stop();
      const s = new SqliteStore(join(fastDir, 'enquiries.sqlite'));
      const rows = await s.list({ includeSpam: true });
      await s.close();
      const verdicts = Object.fromEntries(rows.map((r) => [r.subject, r.spam]));
      expect(verdicts).toEqual({ Fast: 'too-fast', Slow: 'ham', Forged: 'bad-token', None: 'ham' });
    }
  });

  it('duplicate submissions within 10 minutes are stored once, both answered success', async () => {
    const body = formBody({ subject: 'Dup subject', message: 'Exactly the same' });
    const [a, b] = [await post(body), await post(enhanced(body), {}, SCRIPT_POST)];
    expect([a.status, b.status]).toEqual([303, 200]);
    const s = store();
    expect((await s.list()).filter((x) => x.subject === 'Dup subject')).toHaveLength(1);
    await s.close();
  });

  it('cross-site Origin → 403 and nothing stored', async () => {
    for (const o of ['https://evil.example', 'null']) {
      const r = await post(formBody({ subject: `Cross ${o}` }), { Origin: o });
      expect(r.status).toBe(403);
      const scripted = await post(
        enhanced(formBody({ subject: `Cross ${o} scripted` })),
        {
          Origin: o,
        },
        SCRIPT_POST,
      );
      expect(scripted.status).toBe(403);
    }
    const s = store();
    expect(
      (await s.list({ includeSpam: true })).filter((x) => x.subject.startsWith('Cross')),
    ).toHaveLength(0);
    await s.close();
  });

  it('413 over 64 KB, 411 without a length (chunked), 415 for other content types', async () => {
    const big = formBody({ subject: 'Too big', message: 'x'.repeat(70_000) }).toString();
    const h = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin };
    expect((await send(srv.url, { path: FORM_POST, body: big, headers: h })).status).toBe(413);
    expect((await send(srv.url, { path: SCRIPT_POST, body: big, headers: h })).status).toBe(413);
    for (const path of [FORM_POST, SCRIPT_POST]) {
      expect((await send(srv.url, { path, body: big, headers: h, chunked: true })).status).toBe(
        411,
      );
    }
    const s = store();
    expect((await s.list({ includeSpam: true })).some((x) => x.subject === 'Too big')).toBe(false);
    await s.close();
    const xml = await send(srv.url, {
      path: SCRIPT_POST,
      body: '<a/>',
      headers: { 'Content-Type': 'application/xml', Origin: origin },
    });
    expect(xml.status).toBe(415);
    const plain = await send(srv.url, {
      path: FORM_POST,
      body: 'name=x',
      headers: { 'Content-Type': 'text/plain', Origin: origin },
    });
    expect(plain.status).toBe(415);
  });

  it('a JSON body to the form action gets 415, never a 5xx', async () => {
    const r = await send(srv.url, {
      path: SCRIPT_POST,
      body: JSON.stringify(Object.fromEntries(formBody({ subject: 'JSON body' }))),
      headers: { 'Content-Type': 'application/json', Origin: origin },
    });
    expect(r.status).toBe(415); // accept: 'form' — JSON is refused with a 4xx, never a 5xx
  });
});

describe('rate limit kept in the store', () => {
  it('5 per window by default; the 6th gets 429 with Retry-After and a human message', async () => {
    const srv = await startServer(inject('buildDir'), {
      DATA_DIR: tempDir('rl'),
      RATE_LIMIT_MAX: '5',
    });
    try {
      const responses = [];
      for (let i = 0; i < 6; i++) {
        responses.push(
          await send(srv.url, {
            path: FORM_POST,
            body: formBody({ subject: `RL ${i}` }).toString(),
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: srv.url },
          }),
        );
      }
      expect(responses.map((r) => r.status)).toEqual([303, 303, 303, 303, 303, 429]);
      const last = responses[5];
      if (!last) throw new Error('no sixth response');
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(500);
      expect(last.body).toContain('value="RL 5"');
      expect(last.body).toMatch(/role="status"[^>]*>[^<]*Please wait about 10 minutes/);
      const scripted = await send(srv.url, {
        path: SCRIPT_POST,
        body: enhanced(formBody({ subject: 'RL script' })).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: srv.url },
      });
      expect(scripted.status).toBe(429);
      expect(Number(scripted.headers['retry-after'])).toBeGreaterThan(500);
      expect(scripted.body).toContain('Please wait about 10 minutes');
      expect(scripted.body).toContain('RL script');
    } finally {
      await srv.stop();
    }
  });
});

describe('PostgreSQL back-end over HTTP', () => {
  it('stores through PostgreSQL; when the database goes away a post gets 503 with the text kept, /readyz 503, /healthz 200', async () => {
    const url = await createDatabase(inject('pgAdminUrl'));
    const srv = await startServer(inject('buildDir'), {
      DATA_DIR: tempDir('pg'),
      DATABASE_URL: url,
    });
    try {
      const r = await send(srv.url, {
        path: FORM_POST,
        body: formBody({ subject: 'PG subject' }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: srv.url },
      });
      expect(r.status).toBe(303);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const rows = await c.query("SELECT spam FROM submissions WHERE subject = 'PG subject'");
      await c.end();
      expect(rows.rows).toEqual([{ spam: 'ham' }]);
      const ready = await send(srv.url, { method: 'GET', path: '/readyz' });
      expect((JSON.parse(ready.body) as { store: string }).store).toBe('postgres');
      const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
      await admin.connect();
      await admin.query(`DROP DATABASE ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
      await admin.end();
      expect((await send(srv.url, { method: 'GET', path: '/readyz' })).status).toBe(503);
      // The visitor is told, and keeps what they typed to send again later.
      const refused = await send(srv.url, {
        path: FORM_POST,
        body: formBody({ subject: 'While the database is away', message: 'Keep me' }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: srv.url },
      });
      expect(refused.status).toBe(503);
      expect(refused.body).toContain('value="While the database is away"');
      expect(refused.body).toContain('>Keep me</textarea>');
      expect(refused.body).toMatch(/role="status"[^>]*>[^<]*We could not store your message/);
      // Liveness does no I/O: the process is alive, it is the database that is gone.
      expect((await send(srv.url, { method: 'GET', path: '/healthz' })).status).toBe(200);
    } finally {
      await srv.stop();
    }
  });
});

describe('graceful shutdown', () => {
  it('SIGTERM finishes the request in flight, then exits 0', async () => {
    const srv = await startServer(inject('buildDir'), { DATA_DIR: tempDir('term') });
    // A slow upload: the request is in flight when SIGTERM arrives.
    const body = formBody({ subject: 'In flight' }).toString();
    const http = await import('node:http');
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${srv.url}${FORM_POST}`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'Content-Length': String(body.length),
            Origin: srv.url,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 400);
    });
    await new Promise((r) => setTimeout(r, 150));
    const exited = srv.stop('SIGTERM');
    expect(await answer).toBe(303);
    expect(await exited).toBe(0);
    expect(srv.logs()).toContain('"msg":"stopped"');
  });

  it('SIGTERM lets the outbox delivery under way finish and mark it sent', async () => {
    const dir = tempDir('term-outbox');
    const slow = await startSmtp();
    slow.setMode('slow');
    const srv = await startServer(inject('buildDir'), { DATA_DIR: dir, SMTP_URL: slow.url });
    try {
      const r = await send(srv.url, {
        path: FORM_POST,
        body: formBody({ subject: 'Delivery under way' }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: srv.url },
      });
      expect(r.status).toBe(303);
      for (let i = 0; i < 200 && !slow.busy(); i++) await new Promise((res) => setTimeout(res, 10));
      expect(slow.busy()).toBe(true);
      expect(await srv.stop('SIGTERM')).toBe(0);
      expect(slow.mails).toHaveLength(1);
      const s = new SqliteStore(join(dir, 'enquiries.sqlite'));
      expect(await s.counts()).toMatchObject({ sent: 1, pending: 0 });
      await s.close();
    } finally {
      await srv.stop();
      await slow.close();
    }
  });
});
