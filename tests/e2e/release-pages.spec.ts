/**
 * The pages a release decides ship none of the framework's JavaScript
 * (docs/decisions/150-item-pages-ship-no-framework-javascript.md): on a case study's page, a
 * newsroom item's and a filtered listing the only script served is the inline one that inserts
 * `src/vitals.ts`, the only script loaded that module; nothing is modulepreloaded; links load documents; the header's menu opens at
 * 375 px without a script; the whole stylesheet follows the first paint; a Web Vitals beacon
 * reaches the server (204); nothing is logged and the CSP reports nothing. The site's own pages
 * still hydrate.
 */
import type { Request } from '@playwright/test';
import { VITALS_PATH } from '../../src/lib/vitals-report.ts';
import { CASE_STUDY, isMobile, PAGES } from './support/site.ts';
import { expect, test, type Page } from './support/test.ts';

const RELEASE_PAGES = [
  { route: 'case-study', path: CASE_STUDY.path },
  { route: 'news-item', path: '/news/neel-footwear-opens-stores-in-six-cities' },
  { route: 'news-listing', path: '/news/kind/insight' },
] as const;

const isBeacon = (request: Request) => new URL(request.url()).pathname === VITALS_PATH;

/** Console errors and warnings, page errors and CSP violations, from the first document on. */
async function watch(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  return async () => [
    ...messages,
    ...(await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    )),
  ];
}

/** As web-vitals.spec.ts's: the page as the browser leaves it hidden. */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

for (const { route, path } of RELEASE_PAGES) {
  test(`${path} loads one script, the Web Vitals module, and reports through it`, async ({
    page,
  }) => {
    const problems = await watch(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    // Timers and idle callbacks run only when the test moves the clock on.
    await page.clock.install();
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('load');

    // As served: no modulepreload; besides the data blocks one inline script, which inserts the
    // module.
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain('modulepreload');
    const served = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/type="application\/(?:ld\+)?json"/.test(attributes ?? ''),
    );
    expect(served).toHaveLength(1);
    expect(served[0]?.[1]).not.toContain('src=');
    expect(served[0]?.[2]).toMatch(/src:"\/assets\/vitals-[\w-]+\.js"/);
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
    await expect(page.locator('script[type="module"][src^="/assets/vitals-"]')).toHaveCount(1);
    const options = JSON.parse(
      (await page.locator('#static-page-options').textContent()) ?? '',
    ) as Record<string, unknown>;
    expect(options['route']).toBe(route);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/vitals-[\w-]+\.js$/);
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset['hydrated'])).toBeUndefined();
    await page.clock.runFor(20_000);
    // The whole stylesheet, linked after the first paint as on hydrated pages.
    await expect(
      page.locator('head > link[rel="stylesheet"][href^="/assets/global-"]'),
    ).toHaveCount(1);
    const [beacon] = await Promise.all([page.waitForRequest(isBeacon), hide(page)]);
    expect(beacon.headers()['content-type']).toBe('text/plain;charset=UTF-8');
    const report = JSON.parse(beacon.postData() ?? '') as Record<string, unknown>;
    expect(report['route']).toBe(route);
    // Under the fake clock the library reads no TTFB; the paint it reads from the timeline.
    expect(report['FCP']).toEqual(expect.any(Number));
    expect(
      Object.keys(report).every((k) => ['route', 'LCP', 'INP', 'CLS', 'FCP', 'TTFB'].includes(k)),
    ).toBe(true);
    // The same report, as the beacon sent it, is one the server counts.
    const answer = await page.request.post(VITALS_PATH, {
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      data: beacon.postData() ?? '',
    });
    expect(answer.status()).toBe(204);
    expect(await problems()).toEqual([]);
  });
}

test('links on an item page load documents; the menu opens at 375 px without a script', async ({
  page,
}, testInfo) => {
  const problems = await watch(page);
  await page.goto(CASE_STUDY.path);
  // A marker on window survives a client-side navigation, never a document load.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const banner = page.getByRole('banner');
  const link = banner.getByRole('link', { name: 'Expertise', exact: true });
  if (isMobile(testInfo)) {
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(link).toBeHidden();
    await toggle.click();
    await expect(link).toBeVisible();
  }
  const [document] = await Promise.all([
    page.waitForRequest((r) => r.resourceType() === 'document'),
    link.click(),
  ]);
  expect(new URL(document.url()).pathname).toBe('/expertise');
  await expect(page).toHaveURL('/expertise');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(
    undefined,
  );
  // The page the link loaded is one of the site's own: it hydrates.
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  expect(await problems()).toEqual([]);
});

test('the header of an item page is the white bar from the top, scrolled or not, with no script to turn it', async ({
  page,
}) => {
  await page.goto(CASE_STUDY.path);
  const bar = page.locator('.site-header .bar');
  const background = () => bar.evaluate((el) => getComputedStyle(el).backgroundColor);
  const paper = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.color = 'var(--color-paper)';
    document.body.append(probe);
    return getComputedStyle(probe).color;
  });
  await expect.poll(background).toBe(paper);
  await page.mouse.wheel(0, 1200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  expect(await background()).toBe(paper);
});

test('the site’s own pages still hydrate, with the framework’s scripts', async ({ page }) => {
  for (const { path } of PAGES) {
    await page.goto(path);
    await expect(page.locator('html[data-hydrated="true"]'), path).toBeAttached();
    expect(await page.locator('link[rel="modulepreload"]').count(), path).toBeGreaterThan(0);
  }
});
