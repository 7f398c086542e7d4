/** Shipped values are fictional placeholders for an operator (docs/product.md#contact-details). */
import { NAV_ITEMS } from './pages.ts';

/** schema.org `PostalAddress` terms. */
export interface SiteAddress {
  streetAddress: string;
  addressLocality: string;
  addressRegion: string;
  postalCode: string;
  addressCountry: string;
}

export interface SiteConfig {
  name: string;
  /** The home page's `<h1>`. */
  tagline: string;
  email: string;
  /** International format, as displayed. */
  phone: string;
  /** Digits and leading `+` only. */
  phoneHref: string;
  address: SiteAddress;
  social: { linkedin: string; instagram: string };
  nav: ReadonlyArray<{ label: string; href: string }>;
}

export const site: SiteConfig = {
  name: 'Kahaani Communications',
  tagline: 'Where every story finds its voice',
  email: 'hello@kahaani-pr.example',
  phone: '+91 11 5555 0142',
  phoneHref: '+911155550142',
  address: {
    streetAddress: '4th Floor, 12 Barakhamba Road, Connaught Place',
    addressLocality: 'New Delhi',
    addressRegion: 'Delhi',
    postalCode: '110001',
    addressCountry: 'IN',
  },
  social: {
    linkedin: 'https://www.linkedin.com/company/kahaani-communications-example',
    instagram: 'https://www.instagram.com/kahaani.communications.example',
  },
  nav: NAV_ITEMS,
};

/** On one line. */
export const addressLine = (a: SiteAddress = site.address): string =>
  `${a.streetAddress}, ${a.addressLocality} ${a.postalCode}, India`;
