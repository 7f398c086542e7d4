/** Every page's `meta` (docs/product.md#search-and-sharing, https://ogp.me/). */
import type { MetaDescriptor } from 'react-router';
import type { ContentOf } from '../../content/collections.ts';
import type { RouteId } from '../../pages.ts';
import type { PageText, SiteContentData } from '../../react/site-content.ts';
import { site } from '../../site.config.ts';
import { COLORS } from './colors.ts';
import { breadcrumbJsonLd, organizationJsonLd, type Crumb, type JsonLd } from './jsonld.ts';
import { crumbNameForPath, OG_IMAGE_SIZE, ogImagePath } from './routes.ts';
import { absoluteUrl } from './urls.ts';

const meta = (key: 'name' | 'property', value: string, content: string): MetaDescriptor =>
  key === 'name' ? { name: value, content } : { property: value, content };

interface Head {
  title: string;
  description: string;
  /** Absolute; null: `noindex` instead of a canonical link. */
  canonical: string | null;
  /** Absolute. */
  image: string;
  imageAlt: string;
  /** https://ogp.me/#types */
  type: 'website' | 'article';
  jsonLd: readonly JsonLd[];
}

function headTags({ title, description, canonical, image, imageAlt, type, jsonLd }: Head) {
  return [
    { title },
    meta('name', 'description', description),
    canonical === null
      ? meta('name', 'robots', 'noindex')
      : { tagName: 'link', rel: 'canonical', href: canonical },
    meta('name', 'theme-color', COLORS.paper),
    meta('property', 'og:type', type),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    ...(canonical === null ? [] : [meta('property', 'og:url', canonical)]),
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
    ...jsonLd.map((data): MetaDescriptor => ({ 'script:ld+json': data })),
  ];
}

/** In document order: https://reactrouter.com/start/framework/route-module#meta */
export function pageHead(
  id: RouteId,
  pathname: string,
  origin: string,
  { title, description }: ContentOf<'pages.yaml'>[RouteId],
  preview = false,
): MetaDescriptor[] {
  const noindex = id === '404' || preview;
  const jsonLd: JsonLd[] = [organizationJsonLd(site, origin)];
  if (!noindex && id !== 'home') {
    jsonLd.push(breadcrumbJsonLd([{ name: crumbNameForPath(pathname), path: pathname }], origin));
  }
  return headTags({
    title,
    description,
    canonical: noindex ? null : absoluteUrl(pathname, origin),
    image: absoluteUrl(ogImagePath(id), origin),
    imageAlt: `${title} — ${site.tagline}`,
    type: 'website',
    jsonLd,
  });
}

/** Overrides are the editors' for search results. */
export interface ItemHeadText {
  /** ≤ 60 characters. */
  title: string;
  seoTitle?: string | undefined;
  /** Its override (≤ 160), else `fallback` (the summary as text) cut to 160 at a word. */
  seoDescription?: string | undefined;
  fallback: string;
}

/** Cut at a word with an ellipsis. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/**
 * `og:type` article, JSON-LD with a BreadcrumbList; a preview is `noindex`, without canonical.
 * @param card the item's own social card's path ({@link itemOgImagePath}); default the listing's
 */
export function itemHead(
  pathname: string,
  origin: string,
  text: ItemHeadText,
  listing: { id: RouteId; crumbs: readonly Crumb[] },
  item: JsonLd,
  preview = false,
  card = ogImagePath(listing.id),
): MetaDescriptor[] {
  const branded = `${text.title} · ${site.name}`;
  const title = text.seoTitle ?? (branded.length <= 60 ? branded : shorten(text.title, 60));
  const description = text.seoDescription ?? shorten(text.fallback, 160);
  const jsonLd: JsonLd[] = [organizationJsonLd(site, origin)];
  if (!preview) {
    jsonLd.push(
      item,
      breadcrumbJsonLd([...listing.crumbs, { name: text.title, path: pathname }], origin),
    );
  }
  return headTags({
    title,
    description,
    canonical: preview ? null : absoluteUrl(pathname, origin),
    image: absoluteUrl(card, origin),
    imageAlt: `${text.title} — ${site.name}`,
    type: 'article',
    jsonLd,
  });
}

interface MetaArgs {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** From the root loader's `siteOrigin`, the route's `page` (404: the layout's); none on errors. */
export function pageMeta(id: RouteId): (args: MetaArgs) => MetaDescriptor[] {
  return ({ location, matches }) => {
    const data = (routeId: string) => matches.find((match) => match?.id === routeId)?.loaderData;
    const root = data('root') as { siteOrigin?: string } | undefined;
    const site = data('site') as SiteContentData | undefined;
    const text =
      id === '404' ? site?.notFound.page : (data(id) as { page?: PageText } | undefined)?.page;
    if (!site || !text) return [];
    return pageHead(
      id,
      location.pathname,
      root?.siteOrigin ?? 'http://localhost:3000',
      text,
      site.preview !== undefined,
    );
  };
}
