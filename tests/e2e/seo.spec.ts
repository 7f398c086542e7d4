/**
 * Search and sharing (docs/product.md#search-and-sharing), checked on the served pages: title and description from the
 * `pages` collection, canonical URL on SITE_URL, Open Graph/Twitter cards with a real 1200×630
 * PNG, JSON-LD (ProfessionalService everywhere, BreadcrumbList on inner pages), noindex on the
 * 404 page, robots.txt, the sitemap (404 excluded), the manifest and the favicons; after
 * client-side navigations, the same head as the server sends.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { parse } from 'yaml';
import { PAGES, ROUTES, site } from './support/site.ts';

/** The origin pages name: SITE_URL when the e2e server has one, else the request's origin. */
const SITE_ORIGIN = new URL(
  process.env['SITE_URL'] ?? `http://localhost:${process.env['E2E_PORT'] ?? 4321}`,
).origin;
const content = parse(readFileSync('src/content/pages.yaml', 'utf8')) as Record<
  string,
  { title: string; description: string }
>;

// Metadata does not depend on the viewport: run these once, in the desktop project.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'viewport-independent');
});

/** Width and height from a PNG's IHDR chunk; throws if the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Path of an absolute URL on the canonical origin, so the test server can serve it. */
function localPath(url: string): string {
  expect(url.startsWith(`${SITE_ORIGIN}/`), url).toBe(true);
  return url.slice(SITE_ORIGIN.length);
}

const meta = (page: Page, attr: 'name' | 'property', key: string) =>
  page.locator(`head meta[${attr}="${key}"]`).getAttribute('content');

async function fetchPng(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type'], path).toBe('image/png');
  return pngSize(await response.body());
}

type JsonLd = Record<string, unknown> & { '@type': string };

for (const route of ROUTES) {
  test(`${route.id} (${route.path}): title, description, canonical, cards and JSON-LD`, async ({
    page,
    request,
  }) => {
    await page.goto(route.path);
    const expected = content[route.id];
    expect(expected, `pages.yaml entry ${route.id}`).toBeDefined();
    if (!expected) return;

    await expect(page).toHaveTitle(expected.title);
    expect(expected.title.length).toBeLessThanOrEqual(60);
    expect(await meta(page, 'name', 'description')).toBe(expected.description);
    expect(expected.description.length).toBeLessThanOrEqual(160);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    await expect(page.locator('head title')).toHaveCount(1);
    await expect(page.locator('head meta[name="description"]')).toHaveCount(1);

    const canonical = page.locator('head link[rel="canonical"]');
    const robots = page.locator('head meta[name="robots"]');
    if (route.status === 404) {
      await expect(robots).toHaveAttribute('content', /noindex/);
      await expect(canonical).toHaveCount(0);
    } else {
      await expect(robots).toHaveCount(0);
      await expect(canonical).toHaveAttribute('href', new URL(route.path, SITE_ORIGIN).href);
      expect(await meta(page, 'property', 'og:url')).toBe(new URL(route.path, SITE_ORIGIN).href);
    }

    // Open Graph and Twitter card, with this route's own social image.
    expect(await meta(page, 'property', 'og:title')).toBe(expected.title);
    expect(await meta(page, 'property', 'og:description')).toBe(expected.description);
    expect(await meta(page, 'property', 'og:type')).toBe('website');
    expect(await meta(page, 'property', 'og:site_name')).toBe(site.name);
    expect(await meta(page, 'property', 'og:image:width')).toBe('1200');
    expect(await meta(page, 'property', 'og:image:height')).toBe('630');
    expect(await meta(page, 'property', 'og:image:alt')).toBeTruthy();
    expect(await meta(page, 'name', 'twitter:card')).toBe('summary_large_image');
    const image = (await meta(page, 'property', 'og:image')) ?? '';
    expect(image).toBe(`${SITE_ORIGIN}/og/${route.id}.png`);
    expect(await meta(page, 'name', 'twitter:image')).toBe(image);
    expect(await fetchPng(request, localPath(image))).toEqual({ width: 1200, height: 630 });

    // JSON-LD: parse every block and check the required schema.org properties.
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t) as JsonLd,
    );
    const org = blocks.find((b) => b['@type'] === 'ProfessionalService');
    expect(org, 'ProfessionalService JSON-LD').toBeDefined();
    expect(org?.['@context']).toBe('https://schema.org');
    expect(org?.['name']).toBe(site.name);
    expect(org?.['telephone']).toBe(site.phoneHref);
    expect(org?.['email']).toBe(site.email);
    expect(org?.['sameAs']).toEqual([site.social.linkedin, site.social.instagram]);
    expect(org?.['address']).toMatchObject({
      '@type': 'PostalAddress',
      addressLocality: 'New Delhi',
      addressCountry: 'IN',
      postalCode: site.address.postalCode,
      streetAddress: site.address.streetAddress,
    });
    const logo = String(org?.['logo']);
    const logoSize = await fetchPng(request, localPath(logo));
    expect(logoSize.width).toBeGreaterThanOrEqual(112);

    const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList');
    if (route.path === '/' || route.status === 404) {
      expect(crumbs).toBeUndefined();
    } else {
      const items = crumbs?.['itemListElement'] as Array<Record<string, unknown>>;
      expect(items.length).toBeGreaterThanOrEqual(2);
      items.forEach((item, i) => {
        expect(item['@type']).toBe('ListItem');
        expect(item['position']).toBe(i + 1);
        expect(typeof item['name']).toBe('string');
        expect(String(item['item'])).toMatch(new RegExp(`^${SITE_ORIGIN}/`));
      });
      expect(items[0]?.['item']).toBe(`${SITE_ORIGIN}/`);
      expect(items.at(-1)?.['item']).toBe(new URL(route.path, SITE_ORIGIN).href);
    }
  });
}

test('robots.txt allows crawling and names the sitemap, which lists the pages and no 404 path', async ({
  request,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await robots.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).not.toMatch(/^Disallow: \/\s*$/m);
  const sitemapUrl = /^Sitemap: (\S+)$/m.exec(text)?.[1] ?? '';
  expect(sitemapUrl).toBe(`${SITE_ORIGIN}/sitemap.xml`);

  const xml = await (await request.get(localPath(sitemapUrl))).text();
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
  // The pages, then each case study's (eight in the initial content) and news item's (four).
  const studies = urls.filter((u) => new URL(u).pathname.startsWith('/showcase/'));
  expect(studies).toHaveLength(8);
  const news = urls.filter((u) => new URL(u).pathname.startsWith('/news/'));
  expect(news).toHaveLength(4);
  expect(urls).toHaveLength(PAGES.length + studies.length + news.length);
  for (const p of PAGES) expect(urls, p.path).toContain(new URL(p.path, SITE_ORIGIN).href);
  expect(urls.some((u) => /\/(404|privacy|terms)$/.test(u))).toBe(false);
  for (const u of urls) expect((await request.get(localPath(u))).status(), u).toBe(200);
});

test('manifest and favicons are linked and served with the right types and sizes', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = (sel: string) => page.locator(`head ${sel}`).getAttribute('href');

  const manifestPath = (await href('link[rel="manifest"]')) ?? '';
  const manifestRes = await request.get(manifestPath);
  expect(manifestRes.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestRes.json()) as {
    name: string;
    start_url: string;
    icons: Array<{ src: string; sizes: string; purpose: string }>;
  };
  expect(manifest.name).toBe(site.name);
  expect(manifest.start_url).toBe('/');
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const [w, h] = icon.sizes.split('x').map(Number);
    expect(await fetchPng(request, icon.src)).toEqual({ width: w, height: h });
  }

  const svgPath = (await href('link[rel="icon"][type="image/svg+xml"]')) ?? '';
  const svg = await request.get(svgPath);
  expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(await svg.text()).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

  const icoPath = (await href('link[rel="icon"][sizes]')) ?? '';
  const ico = await request.get(icoPath);
  expect(ico.headers()['content-type']).toMatch(/icon/);
  const bytes = await ico.body();
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);

  const touch = (await href('link[rel="apple-touch-icon"]')) ?? '';
  expect(await fetchPng(request, touch)).toEqual({ width: 180, height: 180 });
});

/**
 * The page metadata in the document as markup (title, meta, canonical, JSON-LD), sorted: after a
 * client-side navigation React keeps the elements two pages share where they stand and adds the
 * new ones after them, so the order is not the server's, and nothing reads it.
 */
function headMetadata(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'title, meta[name="description"], meta[name="robots"], link[rel="canonical"], meta[name="theme-color"], meta[property^="og:"], meta[name^="twitter:"], script[type="application/ld+json"]',
      ),
    ]
      .map((element) => element.outerHTML)
      .sort(),
  );
}

test('after client-side navigations the head holds exactly what the server sends for the page', async ({
  page,
}) => {
  const served: Record<string, string[]> = {};
  for (const path of ['/', '/expertise', '/about']) {
    await page.goto(path);
    served[path] = await headMetadata(page);
    expect(served[path].length, path).toBeGreaterThan(20);
  }
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const banner = page.getByRole('banner');
  for (const [name, path] of [
    ['Expertise', '/expertise'],
    ['About', '/about'],
  ] as const) {
    await banner.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect.poll(() => headMetadata(page), path).toEqual(served[path]);
  }
  await banner.locator('a[href="/"]').first().click();
  await expect(page).toHaveURL('/');
  await expect.poll(() => headMetadata(page), '/').toEqual(served['/']);
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    'no full page load',
  ).toBe(true);
});
