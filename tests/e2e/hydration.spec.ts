/**
 * Hydration and client-side navigation (issue #7 §2): every page hydrates the server's DOM with
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

for (const route of ROUTES) {
  test(`${route.path} hydrates with no console warnings or errors`, async ({ page }) => {
    const messages = collect(page);
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(route.status);
    // Let effects after hydration run (counters, carousels, media queries).
    await page.waitForLoadState('networkidle');
    expect(messages).toEqual([]);
  });
}

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
