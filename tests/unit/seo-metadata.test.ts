/**
 * Search and sharing (docs/product.md#search-and-sharing): canonical URLs, route ids, breadcrumbs and JSON-LD are built by
 * pure modules in src/lib/seo; the per-page titles/descriptions live in src/content/pages.yaml.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { site } from '../../src/site.config.ts';
import { pageMetaSchema } from '../../src/content/schemas.ts';
import { breadcrumbJsonLd, organizationJsonLd, LOGO_PATH } from '../../src/lib/seo/jsonld.ts';
import { crumbNameForPath, ogImagePath } from '../../src/lib/seo/routes.ts';
import { ROUTE_IDS } from '../../src/pages.ts';
import { absoluteUrl } from '../../src/lib/seo/urls.ts';
import { robotsTxt } from '../../src/lib/seo/robots.ts';
import { webManifest, MANIFEST_ICONS } from '../../src/lib/seo/manifest.ts';

const SITE = 'https://www.kahaani-pr.example';

describe('absoluteUrl', () => {
  it('builds canonical URLs without trailing slashes, queries or fragments', () => {
    expect(absoluteUrl('/', SITE)).toBe(`${SITE}/`);
    expect(absoluteUrl('/about', SITE)).toBe(`${SITE}/about`);
    expect(absoluteUrl('/about/', SITE)).toBe(`${SITE}/about`);
    expect(absoluteUrl('/contact?sent=1#form', SITE)).toBe(`${SITE}/contact`);
  });
  it('keeps a base path of the configured site', () => {
    expect(absoluteUrl('/about', 'https://example.org/agency/')).toBe(
      'https://example.org/agency/about',
    );
  });
  it('rejects relative paths', () => {
    expect(() => absoluteUrl('about', SITE)).toThrow(TypeError);
  });
});

describe('routes', () => {
  it('names social images and crumbs', () => {
    expect(ogImagePath('showcase')).toBe('/og/showcase.png');
    expect(crumbNameForPath('/expertise')).toBe('Expertise');
    expect(crumbNameForPath('/privacy')).toBe('Privacy');
  });
});

describe('pages content (titles and descriptions)', () => {
  const raw = parse(readFileSync('src/content/pages.yaml', 'utf8')) as Record<string, unknown>;

  it('has one entry per route id of src/pages.ts', () => {
    expect(Object.keys(raw).sort()).toEqual([...ROUTE_IDS].sort());
  });

  it.each(ROUTE_IDS)('%s: title ≤ 60 and description ≤ 160 characters, all unique', (id) => {
    const meta = pageMetaSchema.parse(raw[id]);
    expect(meta.title.length).toBeLessThanOrEqual(60);
    expect(meta.description.length).toBeLessThanOrEqual(160);
    const others = ROUTE_IDS.filter((o) => o !== id).map((o) => pageMetaSchema.parse(raw[o]));
    expect(others.map((o) => o.title)).not.toContain(meta.title);
    expect(others.map((o) => o.description)).not.toContain(meta.description);
  });

  it('the schema rejects a 61-character title and a 161-character description', () => {
    const ok = { title: 'A fine page title', description: 'x'.repeat(80) };
    expect(pageMetaSchema.safeParse(ok).success).toBe(true);
    expect(pageMetaSchema.safeParse({ ...ok, title: 't'.repeat(61) }).success).toBe(false);
    expect(pageMetaSchema.safeParse({ ...ok, description: 'd'.repeat(161) }).success).toBe(false);
  });
});

describe('JSON-LD', () => {
  const org = organizationJsonLd(site, SITE);

  it('describes the agency as a ProfessionalService with the required properties', () => {
    expect(org['@context']).toBe('https://schema.org');
    expect(org['@type']).toBe('ProfessionalService');
    expect(org['name']).toBe(site.name);
    expect(org['url']).toBe(`${SITE}/`);
    expect(org['logo']).toBe(`${SITE}${LOGO_PATH}`);
    expect(org['telephone']).toBe(site.phoneHref);
    expect(org['email']).toBe(site.email);
    expect(org['sameAs']).toEqual([site.social.linkedin, site.social.instagram]);
  });

  it('has a New Delhi PostalAddress from the site config', () => {
    expect(org['address']).toEqual({
      '@type': 'PostalAddress',
      streetAddress: site.address.streetAddress,
      addressLocality: 'New Delhi',
      addressRegion: site.address.addressRegion,
      postalCode: site.address.postalCode,
      addressCountry: 'IN',
    });
  });

  it('builds a BreadcrumbList starting at Home with 1-based positions and absolute items', () => {
    const list = breadcrumbJsonLd([{ name: 'About', path: '/about' }], SITE);
    expect(list['@type']).toBe('BreadcrumbList');
    expect(list['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
      { '@type': 'ListItem', position: 2, name: 'About', item: `${SITE}/about` },
    ]);
    expect(() => breadcrumbJsonLd([], SITE)).toThrow(RangeError);
  });
});

describe('robots.txt and manifest', () => {
  it('robots.txt allows crawling and points at the sitemap index on the canonical origin', () => {
    const txt = robotsTxt(SITE);
    expect(txt).toMatch(/^User-agent: \*$/m);
    expect(txt).not.toMatch(/^Disallow: \/\s*$/m);
    expect(txt).toMatch(new RegExp(`^Sitemap: ${SITE}/sitemap.xml$`, 'm'));
  });

  it('the manifest names the brand and lists 192/512 px icons incl. a maskable one', () => {
    const m = webManifest(site);
    expect(m['name']).toBe(site.name);
    expect(m['start_url']).toBe('/');
    const icons = m['icons'] as Array<{ sizes: string; purpose: string; src: string }>;
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
    expect(icons.map((i) => i.src)).toEqual(MANIFEST_ICONS.map((i) => `/icons/${i.name}.png`));
  });
});
