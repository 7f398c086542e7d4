/**
 * Field Web Vitals in a real browser (docs/decisions/029-field-web-vitals-endpoint.md): the
 * reporter's chunk (`src/vitals.ts` with the `web-vitals` library) is not in the page and loads only after the load event, under the page's
 * Content-Security-Policy; leaving the page sends one `text/plain` beacon that the server
 * accepts (204); a page view outside the sample loads nothing.
 */
import type { Request } from '@playwright/test';
import { VITALS_PATH } from '../../src/lib/vitals-report.ts';
import { expect, test, type Page } from './support/test.ts';
import { pauseClock, ROUTES } from './support/site.ts';

/** `src/vitals.ts` with the `web-vitals` library: one chunk. */
const isVitalsChunk = (request: Request) => /\/assets\/vitals-[\w-]+\.js$/.test(request.url());
const isBeacon = (request: Request) => new URL(request.url()).pathname === VITALS_PATH;

/** Records the page's CSP violations (an init script, outside the page's policy). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/**
 * The page as the browser leaves it hidden (tab switched, app backgrounded): `visibilityState`
 * reads `hidden` and `visibilitychange` fires. (A real navigation away also sends the beacon, but
 * Playwright does not report requests of a document being unloaded.)
 */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

for (const route of [ROUTES[0]!, ROUTES.find((r) => r.status === 404)!]) {
  test(`${route.path} reports its Web Vitals once it is left`, async ({ page }) => {
    const violations = await watchCsp(page);
    const chunk = page.waitForRequest(isVitalsChunk);
    const response = await page.goto(route.path);
    expect(await response?.text()).not.toContain('web-vitals');
    const chunkUrl = (await chunk).url();
    // After the load event, as its own file. The chunk's resource-timing entry is added only
    // once its response has ended, which can be after Playwright reports the request: wait for
    // it through a buffered observer rather than read the timeline once.
    const timing = await page.evaluate(async (url) => {
      const navigation = performance.getEntriesByType(
        'navigation',
      )[0] as PerformanceNavigationTiming;
      const entry = await new Promise<PerformanceEntry>((resolve) => {
        new PerformanceObserver((list, observer) => {
          const found = list.getEntriesByName(url)[0];
          if (found) {
            observer.disconnect();
            resolve(found);
          }
        }).observe({ type: 'resource', buffered: true });
      });
      return { loadEnd: navigation.loadEventEnd, chunkStart: entry.startTime };
    }, chunkUrl);
    expect(timing.loadEnd).toBeGreaterThan(0);
    expect(timing.chunkStart).toBeGreaterThanOrEqual(timing.loadEnd);
    await page.locator('main h1').click();
    expect(await violations()).toEqual([]);

    const [beacon] = await Promise.all([page.waitForRequest(isBeacon), hide(page)]);
    expect(beacon.method()).toBe('POST');
    expect(beacon.headers()['content-type']).toBe('text/plain;charset=UTF-8');
    const report = JSON.parse(beacon.postData() ?? '') as Record<string, unknown>;
    expect(report['route']).toBe(route.id);
    for (const name of ['FCP', 'LCP', 'TTFB']) {
      expect(report[name], name).toEqual(expect.any(Number));
    }
    expect(
      Object.keys(report).every((k) => ['route', 'LCP', 'INP', 'CLS', 'FCP', 'TTFB'].includes(k)),
    ).toBe(true);
    // The same report, as the beacon sent it, is one the server counts.
    const answer = await page.request.post(VITALS_PATH, {
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      data: beacon.postData() ?? '',
    });
    expect(answer.status()).toBe(204);
    expect(answer.headers()['cache-control']).toBe('no-store');
  });
}

/**
 * Makes every draw of `Math.random` in the page's documents answer 1 until the page's session
 * storage holds `inside-sample`: the reporter samples a page view when its draw is below the
 * sample rate (`src/react/vitals-reporter.ts`), so such a view is outside any sample, even the
 * suite's rate of 1.
 */
async function outsideTheSample(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      if (sessionStorage.getItem('inside-sample') === null) Math.random = () => 1;
    } catch {
      // A document without storage (about:blank) reports nothing either way.
    }
  });
}

test('a page view outside the sample loads nothing; inside it loads the library when idle', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (r) => {
    if (isVitalsChunk(r)) requested.push(r.url());
  });
  // Timers and idle callbacks only run when the test moves the fake clock on.
  await pauseClock(page);
  await outsideTheSample(page);
  await page.goto('/');
  await page.clock.runFor(20_000);
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);

  // The same page, its draws the browser's own again.
  await page.evaluate(() => sessionStorage.setItem('inside-sample', '1'));
  await pauseClock(page);
  await page.goto('/');
  const chunk = page.waitForRequest(isVitalsChunk);
  await page.clock.runFor(20_000);
  await chunk;
  expect(requested).toHaveLength(1);
});
