/**
 * Views of an item page kept by the item's id, never its slug
 * (docs/decisions/120-statistics-charts-drawn-on-the-server.md): a case study's document and a
 * client navigation's beacon to it both count for its id, an unknown slug for nothing, and its
 * editing page shows the last 30 days' views, visitors and the enquiries whose visit began there.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VITALS_PATH } from '../../src/lib/vitals-report.ts';
import {
  BROWSER,
  createStaffTestApp,
  type Signed,
  type StaffTestApp,
} from './support/staff-app.ts';

const NOW = Date.UTC(2026, 10, 25, 9, 0);
const DAY = 86_400_000;
const ID = 'consumer-lifestyle-1';
const SLUG = 'a-home-grown-sneaker-label-goes-national';
const html = (res: request.Response): string => res.text.replaceAll('<!-- -->', '');

describe('views of an item page', () => {
  let t: StaffTestApp;
  let me: Signed;
  const figures = () => t.statistics.store.pageFigures('case-study', ID, NOW - DAY, NOW + DAY);

  beforeAll(async () => {
    t = await createStaffTestApp({}, NOW, { realInbox: true });
    me = await t.enrol(await t.invite());
  });
  afterAll(() => t?.close());

  it('counts a case study’s page by its id, and an unknown slug not at all', async () => {
    const page = await request(t.app).get(`/showcase/${SLUG}`).set('User-Agent', BROWSER);
    expect(page.status).toBe(200);
    const unknown = await request(t.app).get('/showcase/no-such-study').set('User-Agent', BROWSER);
    expect(unknown.status).toBe(404);
    await t.statistics.counter.flush();
    expect(await figures()).toEqual({ views: 1, visitors: 1, enquiries: 0 });
    expect(await t.statistics.store.pageFigures('case-study', '', NOW - DAY, NOW + DAY)).toEqual({
      views: 0,
      visitors: 0,
      enquiries: 0,
    });
  });

  it('counts a client navigation to a case study by its id', async () => {
    const beacon = await request(t.app)
      .post(VITALS_PATH)
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .set('Origin', t.origin)
      .set('User-Agent', `${BROWSER} other`)
      .send(JSON.stringify({ view: 'case-study', item: SLUG }));
    expect(beacon.status).toBe(204);
    await t.statistics.counter.flush();
    expect(await figures()).toEqual({ views: 2, visitors: 2, enquiries: 0 });
  });

  it('shows the figures on the case study’s editing page, and none on a collection without pages', async () => {
    const item = await request(t.staffHttp)
      .get(`/staff/content/case-studies/items/${ID}`)
      .set('Cookie', me.cookie);
    expect(item.status).toBe(200);
    const text = html(item);
    expect(text).toContain(
      'Last 30 days on the site:</span> 2 page views, 2 visitors, 0 enquiries',
    );
    expect(text).toContain('href="/staff/statistics?range=30d&amp;page=case-study"');
    const other = await request(t.staffHttp)
      .get('/staff/content/services/items/media-relations')
      .set('Cookie', me.cookie);
    expect(other.status).toBe(200);
    expect(html(other)).not.toContain('Last 30 days on the site');
  });
});
