/** Every page route's `meta` (docs/product.md#search-and-sharing, https://ogp.me/). */
import type { MetaDescriptor } from 'react-router';
import type { ContentOf } from '../../content/collections.ts';
import type { RouteId } from '../../pages.ts';
import type { PageText, SiteContentData } from '../../react/site-content.ts';
import { site } from '../../site.config.ts';
import { COLORS } from './colors.ts';
import { breadcrumbJsonLd, organizationJsonLd, type JsonLd } from './jsonld.ts';
import { crumbNameForPath, OG_IMAGE_SIZE, ogImagePath } from './routes.ts';
import { absoluteUrl } from './urls.ts';

const meta = (key: 'name' | 'property', value: string, content: string): MetaDescriptor =>
  key === 'name' ? { name: value, content } : { property: value, content };

/** In document order: https://reactrouter.com/start/framework/route-module#meta */
export function pageHead(
  id: RouteId,
  pathname: string,
  origin: string,
  { title, description }: ContentOf<'pages.yaml'>[RouteId],
  preview = false,
): MetaDescriptor[] {
  const noindex = id === '404' || preview;
  const canonical = absoluteUrl(pathname, origin);
  const image = absoluteUrl(ogImagePath(id), origin);
  const imageAlt = `${title} — ${site.tagline}`;
  const jsonLd: JsonLd[] = [organizationJsonLd(site, origin)];
  if (!noindex && id !== 'home') {
    jsonLd.push(breadcrumbJsonLd([{ name: crumbNameForPath(pathname), path: pathname }], origin));
  }
  return [
    { title },
    meta('name', 'description', description),
    noindex
      ? meta('name', 'robots', 'noindex')
      : { tagName: 'link', rel: 'canonical', href: canonical },
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
    ...jsonLd.map((data): MetaDescriptor => ({ 'script:ld+json': data })),
  ];
}

interface MetaArgs {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/**
 * On the root loader's `siteOrigin` (`src/root.tsx`) and the page's title and description: the
 * page route's own `page` (`src/routes/home.tsx`…), or for the 404 page the site layout's
 * (`src/routes/site.tsx`), also after client navigation; none when that data is missing (an error
 * page).
 */
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
