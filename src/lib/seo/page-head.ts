/**
 * A page's `<head>` metadata as data (docs/product.md#search-and-sharing; Open Graph,
 * https://ogp.me/), rendered by `src/components/seo/page-meta.tsx`.
 */
import pages from '../../content/pages.yaml';
import type { RouteId } from '../../pages.ts';
import { site } from '../../site.config.ts';
import { COLORS } from './colors.ts';
import { breadcrumbJsonLd, organizationJsonLd, serializeJsonLd, type JsonLd } from './jsonld.ts';
import { crumbNameForPath, OG_IMAGE_SIZE, ogImagePath } from './routes.ts';
import { absoluteUrl } from './urls.ts';

/** `text` for the title and JSON-LD. */
export interface HeadElement {
  tag: 'title' | 'meta' | 'link' | 'script';
  attributes: Readonly<Record<string, string>>;
  text?: string;
}

const meta = (key: 'name' | 'property', value: string, content: string): HeadElement => ({
  tag: 'meta',
  attributes: { [key]: value, content },
});

/**
 * @param pathname e.g. `/about`
 * @param origin `SITE_URL`
 * @returns the elements in document order
 */
export function pageHead(id: RouteId, pathname: string, origin: string): HeadElement[] {
  const { title, description } = pages[id];
  const noindex = id === '404';
  const canonical = absoluteUrl(pathname, origin);
  const image = absoluteUrl(ogImagePath(id), origin);
  const imageAlt = `${title} — ${site.tagline}`;
  const jsonLd: JsonLd[] = [organizationJsonLd(site, origin)];
  if (!noindex && id !== 'home') {
    jsonLd.push(breadcrumbJsonLd([{ name: crumbNameForPath(pathname), path: pathname }], origin));
  }
  return [
    { tag: 'title', attributes: {}, text: title },
    meta('name', 'description', description),
    noindex
      ? meta('name', 'robots', 'noindex')
      : { tag: 'link', attributes: { rel: 'canonical', href: canonical } },
    meta('name', 'theme-color', COLORS.paper),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    ...(noindex ? [] : [meta('property', 'og:url', canonical)]),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(OG_IMAGE_SIZE.width)),
    meta('property', 'og:image:height', String(OG_IMAGE_SIZE.height)),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
    ...jsonLd.map((data): HeadElement => ({
      tag: 'script',
      attributes: { type: 'application/ld+json' },
      text: serializeJsonLd(data),
    })),
  ];
}
