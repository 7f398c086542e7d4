/**
 * Bad-input corpus: at least 200 malformed requests to the contact page's action, as the form's
 * script posts (`/contact.data`) and as a plain post (`/contact`) — wrong types, missing and
 * oversized fields, invalid UTF-8, control characters, script and SQL fragments in invalid
 * positions, malformed JSON and multipart, wrong content types, huge headers, cross-site
 * origins, unknown actions and pages without one. Expect: zero 5xx, every one refused (4xx), zero
 * rows stored, and the server still answering (health + a valid submission afterwards).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SqliteStore } from '../../src/server/enquiries/sql-store.ts';
import { startServer, type RunningServer } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';
import { ENQUIRY, formBody } from './support/fixtures.ts';
import { send, type RawRequest } from './support/http.ts';
import { enhanced, FORM_POST, SCRIPT_POST } from './support/page-action.ts';

/** The form script's post: its body carries the `enhanced` field. */
const ACTION = SCRIPT_POST;
const FORM = 'application/x-www-form-urlencoded';
const FIELDS = ['name', 'email', 'subject', 'message'] as const;
const valid = ENQUIRY;

/** Build the corpus; `origin` is the server's own origin (only the cross-site cases change it). */
function corpus(origin: string): Array<{ label: string; req: RawRequest }> {
  const out: Array<{ label: string; req: RawRequest }> = [];
  const form = (label: string, fields: Record<string, string | undefined>, path = ACTION) => {
    const body = path === ACTION ? enhanced(formBody(fields)) : formBody(fields);
    out.push({
      label,
      req: { path, body: body.toString(), headers: { 'Content-Type': FORM, Origin: origin } },
    });
  };
  const json = (label: string, body: string) =>
    out.push({
      label,
      req: { path: ACTION, body, headers: { 'Content-Type': 'application/json', Origin: origin } },
    });

  // Missing fields: every non-empty subset, with and without JavaScript (30).
  for (let mask = 1; mask < 16; mask++) {
    const fields: Record<string, undefined> = {};
    FIELDS.forEach((f, i) => {
      if (mask & (1 << i)) fields[f] = undefined;
    });
    form(`missing ${mask}`, fields);
    form(`missing ${mask} (no-JS)`, fields, FORM_POST);
  }
  // Empty and whitespace-only (8).
  for (const f of FIELDS) {
    form(`empty ${f}`, { [f]: '' });
    form(`blank ${f}`, { [f]: ' \t  ' });
  }
  // Oversized fields with and without JavaScript (8 + 4), whole bodies over 64 KB (6).
  const over = { name: 101, email: 255, subject: 151, message: 5001 };
  for (const f of FIELDS) {
    const v = f === 'email' ? `${'a'.repeat(over.email)}@example.com` : 'x'.repeat(over[f]);
    form(`oversized ${f}`, { [f]: v });
    form(`oversized ${f} (no-JS)`, { [f]: v }, FORM_POST);
  }
  for (const [label, size] of [
    ['65 KB', 65 * 1024],
    ['200 KB', 200 * 1024],
    ['1 MB', 1024 * 1024],
  ] as const) {
    const body = enhanced(formBody({ message: 'x'.repeat(size) })).toString();
    out.push({
      label: `body ${label}`,
      req: { path: ACTION, body, headers: { 'Content-Type': FORM, Origin: origin } },
    });
    out.push({
      label: `body ${label} chunked`,
      req: { path: ACTION, body, chunked: true, headers: { 'Content-Type': FORM, Origin: origin } },
    });
  }
  // Invalid UTF-8 (raw bytes and percent-encoded) in every field (8).
  for (const f of FIELDS) {
    const raw = Buffer.concat([
      Buffer.from(`${enhanced(new URLSearchParams({ ...valid, [f]: '' })).toString()}&${f}=`),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
    ]);
    out.push({
      label: `raw invalid utf-8 in ${f}`,
      req: { path: ACTION, body: raw, headers: { 'Content-Type': FORM, Origin: origin } },
    });
    const pct = enhanced(new URLSearchParams({ ...valid }))
      .toString()
      .replace(`${f}=`, `${f}=%C3%28%FF`);
    out.push({
      label: `percent invalid utf-8 in ${f}`,
      req: { path: ACTION, body: pct, headers: { 'Content-Type': FORM, Origin: origin } },
    });
  }
  // Control characters in single-line fields (3 × 12 = 36).
  const controls = [
    '\u0000',
    '\u0001',
    '\u0007',
    '\b',
    '\t',
    '\n',
    '\r',
    '\r\nBcc: x@evil.example',
    '\u001b[31m',
    '\u007f',
    '\u0085',
    '\u2028',
  ];
  for (const f of ['name', 'email', 'subject'] as const) {
    for (const c of controls) {
      const base = f === 'email' ? `a${c}@example.com` : `Hello${c}World`;
      form(`control ${JSON.stringify(c)} in ${f}`, { [f]: base });
    }
  }
  // The same through the no-JS endpoint for the subject (12).
  for (const c of controls)
    form(`control ${JSON.stringify(c)} in subject (no-JS)`, { subject: `Hi${c}there` }, FORM_POST);
  // Control characters the message may not hold (4).
  for (const c of ['\u0000', '\u0007', '\u001b', '\u007f'])
    form(`control ${JSON.stringify(c)} in message`, { message: `a${c}b` });
  // Script and SQL fragments in positions that are invalid anyway (email / with a missing field) (12).
  const fragments = [
    '<script>alert(1)</script>',
    "'; DROP TABLE submissions; --",
    '" OR 1=1 --',
    '${7*7}',
    '{{7*7}}',
    '../../etc/passwd',
  ];
  for (const frag of fragments) {
    form(`fragment as email ${frag}`, { email: frag });
    form(`fragment with missing subject ${frag}`, { name: frag, subject: undefined });
  }
  // Wrong types through JSON and malformed JSON (4 × 6 + 10 = 34). The action takes form data,
  // so every JSON body must be refused without a 5xx.
  for (const f of FIELDS) {
    for (const v of [42, null, true, [], { a: 1 }, ['x']]) {
      json(`json ${f}=${JSON.stringify(v)}`, JSON.stringify({ ...valid, [f]: v }));
    }
  }
  for (const bad of [
    '{',
    '[]',
    '"str"',
    'null',
    '123',
    '{"name":',
    '\u0000',
    '[[[[[[[[[[[[[[[[[[[[',
    `${'['.repeat(5000)}`,
    '{"__proto__":{"x":1}}',
  ]) {
    json(`malformed json ${bad.slice(0, 12)}`, bad);
  }
  // Malformed multipart (6).
  const mp = (label: string, ct: string, body: string) =>
    out.push({
      label,
      req: { path: ACTION, body, headers: { 'Content-Type': ct, Origin: origin } },
    });
  mp('multipart without boundary', 'multipart/form-data', 'name=x');
  mp(
    'multipart wrong boundary',
    'multipart/form-data; boundary=abc',
    '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--xyz--',
  );
  mp(
    'multipart truncated',
    'multipart/form-data; boundary=abc',
    '--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nA',
  );
  mp('multipart empty', 'multipart/form-data; boundary=abc', '');
  mp(
    'multipart missing fields',
    'multipart/form-data; boundary=abc',
    '--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--abc--\r\n',
  );
  mp(
    'multipart file instead of text',
    'multipart/form-data; boundary=abc',
    '--abc\r\nContent-Disposition: form-data; name="name"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nA\r\n--abc--\r\n',
  );
  // Wrong content types (12).
  for (const ct of [
    'text/plain',
    'application/xml',
    'text/html',
    'application/octet-stream',
    'image/png',
    'application/x-www-form-urlencodedx',
    'form',
    '',
    'application/javascript',
    'text/csv',
  ]) {
    const headers: Record<string, string> = { Origin: origin };
    if (ct) headers['Content-Type'] = ct;
    out.push({
      label: `content-type ${ct || '(none)'}`,
      req: { path: ACTION, body: formBody({}).toString(), headers },
    });
  }
  out.push({
    label: 'text/plain no-JS',
    req: {
      path: FORM_POST,
      body: formBody({}).toString(),
      headers: { 'Content-Type': 'text/plain', Origin: origin },
    },
  });
  out.push({
    label: 'no content-type no-JS',
    req: { path: FORM_POST, body: formBody({}).toString(), headers: { Origin: origin } },
  });
  // Huge headers (5): Node answers 431.
  for (const size of [20_000, 40_000, 70_000, 100_000, 200_000]) {
    out.push({
      label: `header ${size} B`,
      req: {
        path: ACTION,
        body: formBody({}).toString(),
        headers: { 'Content-Type': FORM, Origin: origin, 'X-Big': 'a'.repeat(size) },
      },
    });
  }
  out.push({
    label: 'huge cookie',
    req: {
      path: FORM_POST,
      body: formBody({}).toString(),
      headers: { 'Content-Type': FORM, Origin: origin, Cookie: `c=${'b'.repeat(50_000)}` },
    },
  });
  // Cross-site origins (valid body otherwise) (12).
  for (const o of [
    'https://evil.example',
    'null',
    'http://localhost',
    'http://127.0.0.1',
    `${origin}.evil.example`,
    'https://kahaani-pr.example.evil',
    'file://',
  ]) {
    out.push({
      label: `origin ${o}`,
      req: {
        path: ACTION,
        body: enhanced(formBody({ subject: `cross ${o}` })).toString(),
        headers: { 'Content-Type': FORM, Origin: o },
      },
    });
  }
  out.push({
    label: 'no origin, no referer',
    req: {
      path: ACTION,
      body: enhanced(formBody({})).toString(),
      headers: { 'Content-Type': FORM },
    },
  });
  out.push({
    label: 'cross-site referer only',
    req: {
      path: ACTION,
      body: enhanced(formBody({})).toString(),
      headers: { 'Content-Type': FORM, Referer: 'https://evil.example/x' },
    },
  });
  out.push({
    label: 'cross origin no-JS',
    req: {
      path: FORM_POST,
      body: formBody({}).toString(),
      headers: { 'Content-Type': FORM, Origin: 'https://evil.example' },
    },
  });
  out.push({
    label: 'cross origin multipart',
    req: {
      path: ACTION,
      body: '--a\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--a--\r\n',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=a',
        Origin: 'https://evil.example',
      },
    },
  });
  out.push({
    label: 'malformed referer',
    req: {
      path: ACTION,
      body: enhanced(formBody({})).toString(),
      headers: { 'Content-Type': FORM, Referer: '::::' },
    },
  });
  // Unknown actions, pages without an action, the old JSON endpoint, wrong methods (15).
  for (const p of [
    '/about.data',
    '/_.data',
    '/no-such-page.data',
    '/contact/_.data',
    '/api/enquiries',
    '/_actions/contact.nope',
    '/_actions/',
    '/_actions/contact',
    '/_actions/..%2f..%2fetc%2fpasswd',
    '/contact?_action=nope',
    '/contact?_action=',
    '/contact?_action=contact.submit&_action=x',
  ]) {
    out.push({
      label: `path ${p}`,
      req: {
        path: p,
        body: formBody({ name: '' }).toString(),
        headers: { 'Content-Type': FORM, Origin: origin },
      },
    });
  }
  for (const m of ['PUT', 'DELETE', 'PATCH']) {
    out.push({
      label: `method ${m}`,
      req: {
        method: m,
        path: ACTION,
        body: formBody({}).toString(),
        headers: { 'Content-Type': FORM, Origin: origin },
      },
    });
  }
  // The honeypot oversized, with and without JavaScript (2): the schema refuses it.
  form('honeypot over 1000 chars', { website: 'x'.repeat(1001) });
  form('honeypot over 1000 chars (no-JS)', { website: 'x'.repeat(1001) }, FORM_POST);
  return out;
}

describe('bad-input corpus', () => {
  let srv: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDir('corpus');
    srv = await startServer(inject('buildDir'), { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it('≥ 200 malformed requests: zero 5xx, all refused, zero rows, server still answering', async () => {
    const cases = corpus(srv.url);
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const failures: string[] = [];
    for (const { label, req } of cases) {
      let status: number;
      try {
        status = (await send(srv.url, req)).status;
      } catch (e) {
        // The server may reset a connection sending an absurd header; that is a refusal too,
        // as long as the server keeps answering (checked below).
        status = /ECONNRESET|EPIPE/.test(String(e)) ? 400 : 0;
      }
      if (!(status >= 400 && status < 500)) failures.push(`${label}: ${status}`);
    }
    expect(failures).toEqual([]);
    const store = new SqliteStore(join(dataDir, 'enquiries.sqlite'));
    expect(await store.counts()).toMatchObject({ submissions: 0, spam: 0, pending: 0, sent: 0 });
    await store.close();
    expect((await send(srv.url, { method: 'GET', path: '/healthz' })).status).toBe(200);
    const ok = await send(srv.url, {
      path: ACTION,
      body: enhanced(formBody({})).toString(),
      headers: { 'Content-Type': FORM, Origin: srv.url },
    });
    expect(ok.status).toBe(200);
    const store2 = new SqliteStore(join(dataDir, 'enquiries.sqlite'));
    expect(await store2.counts()).toMatchObject({ submissions: 1 });
    await store2.close();
    expect(srv.proc.exitCode).toBeNull();
  }, 120_000);

  it('script and SQL fragments in valid fields are stored verbatim, nothing executed', async () => {
    const payload = `<script>alert(1)</script> '; DROP TABLE submissions; -- ${'${7*7}'}`;
    const r = await send(srv.url, {
      path: FORM_POST,
      body: formBody({ subject: 'Fragments', message: payload }).toString(),
      headers: { 'Content-Type': FORM, Origin: srv.url },
    });
    expect(r.status).toBe(303);
    const store = new SqliteStore(join(dataDir, 'enquiries.sqlite'));
    const row = (await store.list()).find((x) => x.subject === 'Fragments');
    await store.close();
    expect(row?.message).toBe(payload);
  });
});
