/**
 * schema.org structured data: a `ProfessionalService` describing the agency on every
 * page and a `BreadcrumbList` on inner pages. Pure functions over the site config so unit tests
 * can check the required properties without rendering.
 */
import type { SiteConfig } from '../../site.config.ts';
import { absoluteUrl } from './urls.ts';

/** A JSON-LD node: a plain JSON object with `@type` (and `@context` at the top level). */
export type JsonLd = { '@type': string } & Record<string, unknown>;

/** One breadcrumb below Home: its visible name and its path (`/about`). */
export interface Crumb {
  name: string;
  path: string;
}

/** Paths of the logo and the home social image, relative to the site origin. */
export const LOGO_PATH = '/icons/icon-512.png';

/**
 * The agency as a schema.org `ProfessionalService` (a LocalBusiness, so Google reads the New Delhi
 * `PostalAddress`, telephone and email) with `sameAs` pointing at its social profiles.
 *
 * @param config the one site configuration (docs/product.md#contact-details)
 * @param site the canonical origin (from `SITE_URL`)
 */
export function organizationJsonLd(config: SiteConfig, site: URL | string): JsonLd {
  const home = absoluteUrl('/', site);
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${home}#organization`,
    name: config.name,
    slogan: config.tagline,
    description: `${config.name} is a public-relations and communications agency in New Delhi. ${config.tagline}.`,
    url: home,
    logo: absoluteUrl(LOGO_PATH, site),
    image: absoluteUrl('/og/home.png', site),
    telephone: config.phoneHref,
    email: config.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: config.address.streetAddress,
      addressLocality: config.address.addressLocality,
      addressRegion: config.address.addressRegion,
      postalCode: config.address.postalCode,
      addressCountry: config.address.addressCountry,
    },
    areaServed: { '@type': 'Country', name: 'India' },
    sameAs: [config.social.linkedin, config.social.instagram],
  };
}

/**
 * A schema.org `BreadcrumbList`: Home first, then `crumbs` in order, each `ListItem` with a
 * 1-based `position`, a `name` and an absolute `item` URL.
 *
 * @throws RangeError when `crumbs` is empty (the home page has no breadcrumb trail).
 */
export function breadcrumbJsonLd(crumbs: ReadonlyArray<Crumb>, site: URL | string): JsonLd {
  if (crumbs.length === 0) throw new RangeError('A breadcrumb trail needs at least one crumb');
  const trail: Crumb[] = [{ name: 'Home', path: '/' }, ...crumbs];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(c.path, site),
    })),
  };
}

/**
 * Serialises JSON-LD for an inline `<script type="application/ld+json">`. `<`, `>` and `&` are
 * written as Unicode escapes so no value (e.g. a future content string containing `</script>`)
 * can end the script element early; JSON parsers read the escapes back unchanged.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
}
