/**
 * Per-page `<head>` metadata (docs/product.md#search-and-sharing): `<title>`, meta description, the
 * canonical URL on the `SITE_URL` origin, Open Graph and Twitter card tags with the page's
 * 1200×630 social image, JSON-LD (`ProfessionalService` on every page, `BreadcrumbList` on inner
 * pages), favicons and the web app manifest. React 19 hoists the elements into `<head>` and
 * replaces them on client-side navigation.
 *
 * Title (≤ 60) and description (≤ 160) come from `pages.yaml`, whose schema enforces the
 * limits. The 404 page sets `noindex`, which also drops its canonical link and breadcrumb.
 */
import { useLocation, useRouteLoaderData } from 'react-router';
import type { SessionData } from '../../app/services.ts';
import pages from '../../content/pages.yaml';
import { COLORS } from '../../lib/seo/colors.ts';
import {
  breadcrumbJsonLd,
  organizationJsonLd,
  serializeJsonLd,
  type JsonLd,
} from '../../lib/seo/jsonld.ts';
import { crumbNameForPath, OG_IMAGE_SIZE, ogImagePath } from '../../lib/seo/routes.ts';
import { absoluteUrl } from '../../lib/seo/urls.ts';
import type { RouteId } from '../../pages.ts';
import { site } from '../../site.config.ts';

export interface PageMetaProps {
  /** Route id: selects the title and description in `pages.yaml` and the social image. */
  id: RouteId;
}

export function PageMeta({ id }: PageMetaProps) {
  const meta = pages[id];
  const { pathname } = useLocation();
  const session = useRouteLoaderData<SessionData>('root');
  const origin = session?.siteOrigin ?? 'http://localhost:3000';
  const noindex = id === '404';
  const canonical = absoluteUrl(pathname, origin);
  const image = absoluteUrl(ogImagePath(id), origin);
  const imageAlt = `${meta.title} — ${site.tagline}`;
  const jsonLd: JsonLd[] = [organizationJsonLd(site, origin)];
  if (!noindex && id !== 'home') {
    jsonLd.push(breadcrumbJsonLd([{ name: crumbNameForPath(pathname), path: pathname }], origin));
  }
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {noindex ? (
        <meta name="robots" content="noindex" />
      ) : (
        <link rel="canonical" href={canonical} />
      )}
      <meta name="theme-color" content={COLORS.paper} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content="en_IN" />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      {!noindex && <meta property="og:url" content={canonical} />}
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(OG_IMAGE_SIZE.width)} />
      <meta property="og:image:height" content={String(OG_IMAGE_SIZE.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
      {jsonLd.map((data) => (
        <script
          key={data['@type']}
          type="application/ld+json"
          // serializeJsonLd escapes `<`, so no value can close the element.
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
        />
      ))}
    </>
  );
}
