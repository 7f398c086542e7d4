/**
 * The web app manifest (docs/product.md#search-and-sharing): name, colours and icons
 * from the site config and the design palette. Pure so unit tests can check its fields.
 */
import type { SiteConfig } from '../../site.config.ts';
import { COLORS } from './colors.ts';

/** One manifest icon: its file name under `/icons/`, its size (px) and its purpose. */
export interface ManifestIcon {
  name: string;
  size: number;
  purpose: 'any' | 'maskable';
}

/** The icons generated under `/icons/<name>.png`. */
export const MANIFEST_ICONS: readonly ManifestIcon[] = [
  { name: 'icon-192', size: 192, purpose: 'any' },
  { name: 'icon-512', size: 512, purpose: 'any' },
  { name: 'icon-maskable-512', size: 512, purpose: 'maskable' },
];

/** The manifest object served as `/manifest.webmanifest`. */
export function webManifest(config: SiteConfig): Record<string, unknown> {
  return {
    name: config.name,
    short_name: config.name.split(/\s+/)[0] ?? config.name,
    description: `${config.tagline}. A public-relations and communications agency in New Delhi.`,
    lang: 'en-IN',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'browser',
    background_color: COLORS.paper,
    theme_color: COLORS.ink,
    icons: MANIFEST_ICONS.map((icon) => ({
      src: `/icons/${icon.name}.png`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
}
