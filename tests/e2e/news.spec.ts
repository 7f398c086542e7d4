/**
 * The newsroom in a browser at 375px and 1280px (docs/decisions/110-the-newsroom-and-its-feeds.md):
 * `/news` lists the seed's items newest first, its filters are plain links to pages of their own,
 * a listing has no page past its last, a card opens the item's page, home shows the three newest,
 * every page links the feeds for autodiscovery, and axe finds nothing on the listing, a filter
 * and an item page. Paging through more than 12 items is `tests/server/news.test.ts`'s.
 */
import { expect, test } from './support/test.ts';
import { expectNoAxeViolations, isMobile } from './support/site.ts';

/** The seed's items (src/content/news.yaml), newest first. */
const NEWEST_FIRST = [
  'Neel Footwear opens its first stores in six cities, with the block printers who make its soles',
  'Kahaani opens a Bengaluru desk for technology and start-up clients',
  'What a newsroom wants from your statement in the first hour of a crisis',
  'The policy conversation starts long before a bill: five habits of effective public affairs teams',
];

const FEEDS = [
  ['application/rss+xml', '/news/rss.xml'],
  ['application/atom+xml', '/news/atom.xml'],
  ['application/feed+json', '/news/feed.json'],
] as const;

test('/news lists the items newest first; a filter is a page of its own', async ({ page }) => {
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Press releases, agency news and insights',
  );
  const cards = page.getByRole('main').getByRole('heading', { level: 3 });
  await expect(cards).toHaveText(NEWEST_FIRST);
  // Four items: one page, no page links.
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);

  const filters = page.getByRole('navigation', { name: 'Filter the newsroom' });
  await expect(filters.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  await filters.getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL('/news/kind/insight');
  await expect(cards).toHaveText(NEWEST_FIRST.slice(2));
  await expect(filters.getByRole('link', { name: 'Insights' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await filters.getByRole('link', { name: 'Crisis Communications' }).click();
  await expect(page).toHaveURL('/news/practice/crisis-communications');
  await expect(cards).toHaveText([NEWEST_FIRST[2]!]);
});

test('a listing has no page past its last', async ({ page }) => {
  const response = await page.goto('/news/page/2');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a card opens the item’s page: headline, date, author, media contact', async ({ page }) => {
  await page.goto('/news');
  await page.getByRole('link', { name: NEWEST_FIRST[0]! }).click();
  await expect(page).toHaveURL('/news/neel-footwear-opens-stores-in-six-cities');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEWEST_FIRST[0]!);
  await expect(page.locator('main time').first()).toHaveAttribute('datetime', '2026-11-24');
  await expect(page.getByRole('main')).toContainText('Arjun Malhotra');
  await expect(page.getByRole('link', { name: 'press@kahaani-pr.example' })).toHaveAttribute(
    'href',
    'mailto:press@kahaani-pr.example',
  );
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Newsroom' })).toHaveAttribute('href', '/news');
});

test('home shows the three newest items and the navigation leads to News', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const section = page.locator('section#news');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(NEWEST_FIRST.slice(0, 3));
  await expect(section.getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/news');
  if (isMobile(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('link', { name: 'News', exact: true }).first();
  await expect(nav).toBeVisible();
  await nav.click();
  await expect(page).toHaveURL('/news');
});

test('every public page links the three feeds, which answer in their types', async ({
  page,
  request,
}) => {
  for (const path of ['/', '/news', '/news/kahaani-opens-a-bengaluru-desk', '/about']) {
    await page.goto(path);
    for (const [type, href] of FEEDS) {
      await expect(
        page.locator(`head link[rel="alternate"][type="${type}"]`),
        path,
      ).toHaveAttribute('href', href);
    }
  }
  for (const [type, href] of FEEDS) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    expect(response.headers()['content-type']).toBe(`${type}; charset=utf-8`);
  }
});

for (const path of [
  '/news',
  '/news/kind/insight',
  '/news/neel-footwear-opens-stores-in-six-cities',
]) {
  test(`${path} has no WCAG 2.2 A/AA violations`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    await expectNoAxeViolations(page, path);
  });
}
