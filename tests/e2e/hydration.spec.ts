/**
 * Hydration and client-side navigation: every page hydrates the server's DOM with
 * zero warnings or errors in the console; after hydration links navigate without a full load,
 * update the title and description, and move focus to the new page's h1.
 */
import { expect, test, type Page } from './support/test.ts';
import { ROUTES, isMobile } from './support/site.ts';

/** Console messages and page errors, excluding the 404 status of the not-found pages. */
function collect(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    if (/Failed to load resource: the server responded with a status of 404/.test(m.text())) return;
    messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  return messages;
}

/**
 * Records every Content-Security-Policy violation the page reports (the init script is injected
 * by the test runner, outside the page's policy).
 */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

for (const route of ROUTES) {
  test(`${route.path} hydrates with no console warnings, errors or CSP violations`, async ({
    page,
  }) => {
    const messages = collect(page);
    const violations = await watchCsp(page);
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(route.status);
    // Let effects after hydration run (counters, carousels, media queries).
    await page.waitForLoadState('networkidle');
    expect(messages).toEqual([]);
    expect(await violations()).toEqual([]);
  });
}

test('the confirmation pages hydrate under the same policy', async ({ page }) => {
  const violations = await watchCsp(page);
  for (const path of ['/?sent=1', '/contact?sent=1']) {
    const messages = collect(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(messages).toEqual([]);
  }
  expect(await violations()).toEqual([]);
});

test('links navigate without a full load: title, description and focus follow', async ({
  page,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the header menu is exercised in header.spec.ts');
  const messages = collect(page);
  await page.goto('/');
  const homeDescription = await page.locator('meta[name="description"]').getAttribute('content');
  // A marker on window survives client-side navigation, never a full load.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.getByRole('banner').getByRole('link', { name: 'Expertise', exact: true }).click();
  await expect(page).toHaveURL('/expertise');
  await expect(page.locator('main h1')).toBeFocused();
  await expect(page).toHaveTitle(/Expertise/);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description).toMatch(/./);
  expect(description).not.toBe(homeDescription);
  expect(await page.locator('meta[name="description"]').count()).toBe(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/expertise$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  expect(messages).toEqual([]);
});

test('React computes the same useId ids as the server, so the tooltips keep their descriptions', async ({
  page,
}) => {
  // Production React does not report attribute mismatches; compare the props React holds for
  // each hydrated described element (its `__reactProps$…` expando) with the server's attribute.
  // Static parts (decision 015) are not hydrated and hold no props.
  await page.goto('/about');
  const pairs = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-describedby]')].flatMap((el) => {
      const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'));
      if (!key) return [];
      const props = (el as unknown as Record<string, Record<string, unknown>>)[key];
      return [[el.getAttribute('aria-describedby'), props?.['aria-describedby']]];
    }),
  );
  expect(pairs.length).toBeGreaterThan(1);
  for (const [server, client] of pairs) expect(client).toBe(server);
});
