/** The web app manifest (docs/product.md#search-and-sharing). */
import type { SiteConfig } from '../../site.config.ts';
import { COLORS } from './colors.ts';

/** `/icons/<name>.png`, `size` px square. */
export interface ManifestIcon {
  name: string;
  size: number;
  purpose: 'any' | 'maskable';
}

export const MANIFEST_ICONS: readonly ManifestIcon[] = [
  { name: 'icon-192', size: 192, purpose: 'any' },
  { name: 'icon-512', size: 512, purpose: 'any' },
  { name: 'icon-maskable-512', size: 512, purpose: 'maskable' },
];

/** Served as `/manifest.webmanifest` (https://www.w3.org/TR/appmanifest/). */
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
