/**
 * Page views in a real browser (docs/decisions/100-cookieless-visit-statistics.md): the first
 * document is counted by the server, so loading a page sends no beacon; a client navigation sends
 * exactly one, to the site's own Web Vitals endpoint, with the page's route id and nothing else;
 * and no cookie is set and nothing is written to the browser's storage for statistics (the
 * framework's scroll restoration keeps its own entry).
 */
import type { Request } from '@playwright/test';
import { VITALS_PATH } from '../../src/lib/vitals-report.ts';
import { expect, test } from './support/test.ts';
import { isMobile } from './support/site.ts';

const isPageView = (request: Request) =>
  new URL(request.url()).pathname === VITALS_PATH &&
  (request.postData() ?? '').startsWith('{"view"');

/** React Router's `<ScrollRestoration>` key (https://reactrouter.com/api/components/ScrollRestoration). */
const SCROLL_KEY = 'react-router-scroll-positions';

test('a client navigation sends one page-view beacon, without cookies or storage', async ({
  page,
  context,
}, testInfo) => {
  const views: Request[] = [];
  page.on('request', (request) => {
    if (isPageView(request)) views.push(request);
  });
  const response = await page.goto('/');
  expect(response?.headers()['set-cookie']).toBeUndefined();
  expect(views).toEqual([]);

  if (isMobile(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
  const [beacon] = await Promise.all([
    page.waitForRequest(isPageView),
    page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click(),
  ]);
  await expect(page).toHaveURL('/about');
  expect(beacon.method()).toBe('POST');
  expect(beacon.headers()['content-type']).toBe('text/plain;charset=UTF-8');
  expect(JSON.parse(beacon.postData() ?? '')).toEqual({ view: 'about' });
  const answer = await beacon.response();
  expect(answer?.status()).toBe(204);
  expect(await answer?.headerValue('set-cookie')).toBeNull();

  // Each later navigation is one view more.
  if (isMobile(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
  const [second] = await Promise.all([
    page.waitForRequest(isPageView),
    page.getByRole('banner').getByRole('link', { name: 'Expertise', exact: true }).click(),
  ]);
  expect(JSON.parse(second.postData() ?? '')).toEqual({ view: 'expertise' });
  await second.response();
  expect(views).toHaveLength(2);

  expect(await context.cookies()).toEqual([]);
  const storage = await page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
  }));
  expect(storage.local).toEqual([]);
  expect(storage.session.filter((key) => key !== SCROLL_KEY)).toEqual([]);
});
