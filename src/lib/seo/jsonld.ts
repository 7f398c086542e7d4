/** docs/product.md#search-and-sharing */
import type { SiteConfig } from '../../site.config.ts';
import { absoluteUrl } from './urls.ts';

export type JsonLd = { '@type': string } & Record<string, unknown>;

/** One breadcrumb below Home. */
export interface Crumb {
  name: string;
  path: string;
}

export const LOGO_PATH = '/icons/icon-512.png';

/** https://schema.org/ProfessionalService, a LocalBusiness: search engines read its address. */
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

/** https://schema.org/BreadcrumbList from Home; throws RangeError when `crumbs` is empty. */
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
