/**
 * Static parts (docs/decisions/015-static-parts-not-hydrated.md): sections without behaviour are
 * drawn from the server's HTML and never hydrated, so a page's first load downloads neither their
 * code nor their content; their links still navigate without a full load, and a client-side
 * navigation to the page draws them the same as the server did.
 */
import { expect, test, type Page } from './support/test.ts';

/** Paths of the scripts the page has requested so far. */
function scripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

/** What a visitor reads in `main`: every section, its heading and its whole text. */
function mainContent(page: Page): Promise<{ headings: string[]; text: string }> {
  return page.locator('main').evaluate((main) => ({
    headings: [...main.querySelectorAll('h1, h2, h3')].map((h) => h.textContent ?? ''),
    text: (main.textContent ?? '').replace(/\s+/g, ' '),
  }));
}

test('the home page keeps its static sections through hydration without loading them', async ({
  page,
}) => {
  const loaded = scripts(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // The server's services and showcase cards are still there after hydration…
  await expect(page.locator('#expertise li')).toHaveCount(8);
  await expect(page.locator('#showcase li')).toHaveCount(4);
  // …and none of the scripts the page loaded carries their content (a service's summary).
  const summary = ((await page.locator('#expertise li p').first().textContent()) ?? '').trim();
  expect(summary.length).toBeGreaterThan(20);
  const chunks = loaded.filter((p) => p.startsWith('/assets/'));
  expect(chunks.length).toBeGreaterThan(1);
  for (const path of chunks) {
    const body = await (await page.request.get(path)).text();
    expect(body, path).not.toContain(JSON.stringify(summary).slice(1, -1));
  }
});

test('a link in a static section navigates client-side, and coming back draws the section again', async ({
  page,
}) => {
  await page.goto('/');
  const before = await mainContent(page);
  const marker = () =>
    page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const link = page.locator('#expertise li a').first();
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await expect(page).toHaveURL(href);
  expect(await marker(), 'no full page load').toBe(true);
  // The expertise page drew its static part (the services) and focus went to the fragment.
  const services = page.locator('main section[id]', {
    has: page.getByRole('heading', { level: 2 }),
  });
  await expect(services).toHaveCount(8);
  await expect(page.locator(`[id="${href.split('#')[1] ?? ''}"]`)).toBeFocused();

  await page.getByRole('banner').locator('a[href="/"]').first().click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('#showcase li')).toHaveCount(4);
  expect(await mainContent(page)).toEqual(before);
  expect(await marker(), 'no full page load').toBe(true);
});

test('the footer is drawn by the server only, and stays through navigations and a failed one', async ({
  page,
}) => {
  const loaded = scripts(page);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  const footer = page.getByRole('contentinfo');
  const lede = ((await footer.locator('p').nth(1).textContent()) ?? '').trim();
  expect(lede.length).toBeGreaterThan(20);
  // No script of the first load carries the footer's copy.
  for (const path of loaded.filter((p) => p.startsWith('/assets/'))) {
    const body = await (await page.request.get(path)).text();
    expect(body, path).not.toContain(lede.slice(0, 40));
  }
  // A client-side navigation keeps the server's footer…
  await page.getByRole('banner').locator('a[href="/"]').first().click();
  await expect(page).toHaveURL('/');
  await expect(footer).toContainText(lede);
  // …and so does the error page React draws when a navigation fails (its chunk is unreachable).
  await page.route('**/assets/showcase-*.js', (route) => route.abort());
  await page.locator('main a[href^="/showcase"]').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Something went wrong on our side',
  );
  // The head says so too, and no longer claims to be the home page.
  await expect(page).toHaveTitle('Something went wrong · Kahaani Communications');
  await expect(page.locator('meta[name="description"], link[rel="canonical"]')).toHaveCount(0);
  await expect(footer).toContainText(lede);
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  // The error page is styled by the whole stylesheet, with no new inline <style> for the CSP to refuse.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-family', /Fraunces/);
  expect(violations).toEqual([]);
});
