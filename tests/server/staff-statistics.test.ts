/**
 * The visit statistics as staff read them (docs/decisions/100-cookieless-visit-statistics.md): an
 * enquiry shows in the inbox where its sender came from (source, campaign, entry page, the page
 * the form was sent from), and so does its export; erasure removes that; `/staff/statistics` shows the period's figures
 * and tables, takes its period and filters from the URL, and refuses bad dates with a clear
 * notice; it is behind the staff sign-in.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER,
  createStaffTestApp,
  sendLaunchEnquiry,
  type Signed,
  type StaffTestApp,
} from './support/staff-app.ts';

const html = (res: request.Response): string => res.text.replaceAll('<!-- -->', '');

describe('statistics in the staff inbox', () => {
  let t: StaffTestApp;
  let me: Signed;
  let enquiryId = '';

  beforeAll(async () => {
    t = await createStaffTestApp({}, Date.UTC(2026, 10, 25, 9, 0), { realInbox: true });
    me = await t.enrol(await t.invite());
    // A visit: a LinkedIn post's link to /about with a campaign, then the contact page.
    const visit = (path: string) => request(t.app).get(path).set('User-Agent', BROWSER);
    expect(
      (
        await visit('/about?utm_campaign=autumn-launch').set(
          'Referer',
          'https://www.linkedin.com/feed/',
        )
      ).status,
    ).toBe(200);
    t.clock.now += 60_000;
    expect((await visit('/contact')).status).toBe(200);
    t.clock.now += 60_000;
    const sent = await sendLaunchEnquiry(t);
    expect(sent.status).toBe(303);
    const inbox = await request(t.app).get('/staff?q=Launch').set('Cookie', me.cookie);
    enquiryId = decodeURIComponent(
      /href="\/staff\/enquiries\/([^"]+)"/.exec(inbox.text)?.[1] ?? '',
    );
    expect(enquiryId).not.toBe('');
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the enquiry’s source, campaign, entry page and form page', async () => {
    const page = await request(t.app).get(`/staff/enquiries/${enquiryId}`).set('Cookie', me.cookie);
    expect(page.status).toBe(200);
    const text = html(page);
    expect(text).toContain('How they found us');
    expect(text).toMatch(/Source<\/dt><dd[^>]*><bdi>LinkedIn<\/bdi>/);
    expect(text).toMatch(/Campaign<\/dt><dd[^>]*><bdi>autumn-launch<\/bdi>/);
    expect(text).toMatch(/Entry page<\/dt><dd[^>]*>\/about</);
    expect(text).toMatch(/Form sent from<\/dt><dd[^>]*>\/contact</);
    expect(text).toMatch(/Pages viewed before writing<\/dt><dd[^>]*>2</);
  });

  it('shows the period’s figures and tables, filtered from the URL', async () => {
    await t.statistics.counter.flush();
    const page = await request(t.app).get('/staff/statistics?range=today').set('Cookie', me.cookie);
    expect(page.status).toBe(200);
    const text = html(page);
    expect(text).toMatch(/Visitors<\/dt><dd[^>]*>1</);
    expect(text).toMatch(/Page views<\/dt><dd[^>]*>2</);
    expect(text).toMatch(/Enquiries<\/dt><dd[^>]*>1</);
    expect(text).toContain('<bdi>LinkedIn</bdi>');
    expect(text).toContain('<bdi>autumn-launch</bdi>');
    expect(text).toContain('<bdi>Safari</bdi>');
    const other = await request(t.app)
      .get('/staff/statistics?range=today&source=Google')
      .set('Cookie', me.cookie);
    expect(html(other)).toMatch(/Visitors<\/dt><dd[^>]*>0</);
    expect(html(other)).toContain('Source <bdi class="font-semibold">Google</bdi>');
  });

  it('answers bad dates with a notice and the last 7 days', async () => {
    const page = await request(t.app)
      .get('/staff/statistics?from=2026-02-30&to=2026-03-01')
      .set('Cookie', me.cookie);
    expect(page.status).toBe(200);
    expect(html(page)).toContain('Dates are written as YYYY-MM-DD');
    expect(html(page)).toContain('2026-11-19 to 2026-11-25');
  });

  it('is behind the sign-in', async () => {
    const page = await request(t.app).get('/staff/statistics');
    expect(page.status).toBe(302);
    expect(page.headers['location']).toContain('/staff/sign-in');
  });

  it('exports the enquiry with where its sender came from', async () => {
    const post = (format: string) =>
      request(t.app)
        .post('/staff/export')
        .set('Origin', t.origin)
        .set('Cookie', me.cookie)
        .type('form')
        .send({ format, q: 'Launch' });
    const csv = (await post('csv')).text.split('\r\n');
    expect(csv[0]).toMatch(
      /,originSource,originCampaign,originEntryPage,originFormPage,originViewsBefore$/,
    );
    expect(csv[1]).toMatch(/,LinkedIn,autumn-launch,\/about,\/contact,2$/);
    const [row] = JSON.parse((await post('json')).text) as Array<Record<string, string>>;
    expect(row).toMatchObject({
      originSource: 'LinkedIn',
      originCampaign: 'autumn-launch',
      originEntryPage: '/about',
      originFormPage: '/contact',
      originViewsBefore: '2',
    });
  });

  it('erasure removes the enquiry’s origin', async () => {
    expect(await t.statistics.store.originOf(enquiryId)).toBeDefined();
    const done = await request(t.app)
      .post('/staff/erase')
      .set('Origin', t.origin)
      .set('Cookie', me.cookie)
      .type('form')
      .send({ intent: 'confirm', email: 'asha@example.com', understood: 'yes' });
    expect(done.status).toBe(303);
    expect(await t.statistics.store.originOf(enquiryId)).toBeUndefined();
  });
});
