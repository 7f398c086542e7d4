/**
 * The staff inbox on the inbox's own `InboxService` and the enquiry store (SQLite), with
 * enquiries that came in through the contact form's real path:
 *
 * - hostile text (markup, script, bidi overrides, zero-width characters, emoji, spreadsheet
 *   formulas) is shown as text and exported safely (CSV cells neutralised, attachments);
 * - the list: newest first, status filters, search, pages;
 * - release, mark spam, handled and reopen through plain form posts;
 * - erasure: the confirmation counts the address's enquiries and erasing leaves tombstones.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type Signed, type StaffTestApp } from './support/staff-app.ts';

const HOSTILE = {
  name: '<script>alert("n")</script>\u202Eevil',
  email: 'hostile@example.com',
  subject: '=HYPERLINK("https://evil.example","x") <img src=x onerror=alert(1)>',
  message:
    '-2+3 @SUM(A1) </script><script>alert(2)</script>\nzero\u200Bwidth \u05E9\u05DC\u05D5\u05DD 👩🏽‍💻',
};

/** A page's HTML without React's `<!-- -->` separators between adjacent text parts. */
const html = (res: request.Response): string => res.text.replaceAll('<!-- -->', '');

describe('the staff inbox on the real InboxService', () => {
  let t: StaffTestApp;
  let me: Signed;

  /** Posts an enquiry as the contact form does without JavaScript (a filled honeypot holds it). */
  const submit = async (fields: Record<string, string>) => {
    const res = await request(t.app)
      .post('/contact')
      .set('Origin', t.origin)
      .type('form')
      .send({ website: '', ...fields });
    expect(res.status).toBe(303);
  };

  const post = (path: string, body: Record<string, string>) => t.post(path, body, me);

  /** The id of the enquiry whose subject is `subject`, read from the inbox page. */
  const idOf = async (subject: string): Promise<string> => {
    const page = await request(t.app)
      .get(`/staff?q=${encodeURIComponent(subject)}`)
      .set('Cookie', me.cookie);
    const id = /href="\/staff\/enquiries\/([^"]+)"/.exec(page.text)?.[1];
    if (!id) throw new Error(`no enquiry "${subject}" in:\n${page.text.slice(0, 500)}`);
    return decodeURIComponent(id);
  };

  beforeAll(async () => {
    t = await createStaffTestApp({}, Date.UTC(2026, 10, 25, 9, 0), { realInbox: true });
    me = await t.enrol(await t.invite());
    for (let i = 0; i < 27; i++) {
      t.clock.now += 60_000;
      await submit({
        name: `Person ${i}`,
        email: `person${i}@example.com`,
        subject: `Enquiry number ${i}`,
        message: `A message about launch plans, number ${i}.`,
      });
    }
    t.clock.now += 60_000;
    await submit(HOSTILE);
    t.clock.now += 60_000;
    await submit({
      name: 'Honey Pot',
      email: 'hostile@example.com',
      subject: 'Caught by the honeypot',
      message: 'A person whose browser filled the hidden field.',
      website: 'http://autofill.example',
    });
  });
  afterAll(() => t.close());

  it('lists every enquiry newest first, 25 to a page, with a way to the older ones', async () => {
    const first = html(await request(t.app).get('/staff').set('Cookie', me.cookie));
    expect(first).toContain('29 enquiries');
    expect(first.indexOf('Caught by the honeypot')).toBeLessThan(
      first.indexOf('Enquiry number 26'),
    );
    expect(first).not.toContain('Enquiry number 1<');
    expect(first).toContain('Page 1 of 2');
    expect(first).toMatch(/rel="next" href="\/staff\?page=2"[^>]*>Older/);
    const second = await request(t.app).get('/staff?page=2').set('Cookie', me.cookie);
    expect(second.text).toContain('Enquiry number 0');
  });

  it('filters by status and searches the text', async () => {
    const held = await request(t.app).get('/staff?status=held').set('Cookie', me.cookie);
    expect(html(held)).toContain('1 enquiry held as spam');
    expect(held.text).toContain('Caught by the honeypot');
    expect(held.text).not.toContain('Enquiry number');
    const search = await request(t.app)
      .get(`/staff?q=${encodeURIComponent('number 13')}`)
      .set('Cookie', me.cookie);
    expect(search.text).toContain('Enquiry number 13');
    expect(search.text).not.toContain('Enquiry number 12');
  });

  it('shows hostile text as text in the list and the enquiry', async () => {
    const id = await idOf('HYPERLINK');
    for (const path of ['/staff', `/staff/enquiries/${encodeURIComponent(id)}`]) {
      const res = await request(t.app).get(path).set('Cookie', me.cookie);
      const markup = res.text.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
      expect(markup).toContain('&lt;script&gt;alert(&quot;n&quot;)&lt;/script&gt;');
      expect(markup).not.toMatch(/<script>alert|<img src=x/);
    }
  });

  it('exports as attachments; CSV cells that could run as formulas are neutralised', async () => {
    const csv = await post('/staff/export', { format: 'csv', q: 'hostile' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.csv"$/);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text).toContain(`'=HYPERLINK(`);
    expect(csv.text).toContain(`'-2+3`);
    expect(csv.text).not.toMatch(/(^|,)"?[=+\-@]/m);
    const json = await post('/staff/export', { format: 'json', status: 'new' });
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.json"$/);
    const rows = JSON.parse(json.text) as Array<{ name: string; status: string }>;
    expect(rows.find((r) => r.name === HOSTILE.name)).toBeDefined();
    expect(rows.every((r) => r.status === 'new')).toBe(true);
  });

  it('releases a held enquiry, marks spam, handles and reopens, each a 303 back', async () => {
    const id = await idOf('Caught by the honeypot');
    const path = `/staff/enquiries/${encodeURIComponent(id)}`;
    const page = () => request(t.app).get(path).set('Cookie', me.cookie);
    for (const [intent, done, badge] of [
      ['release', 'released', 'Released'],
      ['handled', 'handled', 'Handled'],
      ['reopen', 'reopened', 'New'],
      ['spam', 'spam', 'Held as spam'],
    ] as const) {
      const res = await post(path, { intent });
      expect(res.status, intent).toBe(303);
      expect(res.headers['location']).toBe(`${path}?done=${done}`);
      expect((await page()).text).toContain(`</svg>${badge}</span>`);
    }
    // Releasing what is not held is refused, and says why.
    const again = await post(path, { intent: 'handled' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('cannot be done in the enquiry’s current status');
  });

  it('erasure counts the address’s enquiries first and leaves tombstones', async () => {
    const review = await post('/staff/erase', { intent: 'review', email: 'HOSTILE@example.com' });
    expect(review.status).toBe(200);
    expect(html(review)).toContain('Erase 2 enquiries sent from');
    const done = await post('/staff/erase', {
      intent: 'confirm',
      email: 'HOSTILE@example.com',
      understood: 'yes',
    });
    expect(done.status).toBe(303);
    expect(done.headers['location']).toBe('/staff/erase?erased=2');
    const erased = await request(t.app).get('/staff?status=erased').set('Cookie', me.cookie);
    expect(html(erased)).toContain('2 erased enquiries');
    expect(erased.text).not.toContain('HYPERLINK');
    const audit = JSON.stringify(await t.staff.store.listAudit(100));
    expect(audit).toContain('enquiries-erased');
    expect(audit).not.toContain('hostile@example.com');
  });
});
