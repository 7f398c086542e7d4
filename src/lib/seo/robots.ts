/**
 * robots.txt content (issue #4): allow everything and name the sitemap index.
 */
import { absoluteUrl } from './urls.ts';

/** The sitemap index file that `@astrojs/sitemap` writes at the site root. */
export const SITEMAP_PATH = '/sitemap-index.xml';

/** robots.txt for the canonical origin `site` (Astro `site`, from `SITE_URL`). */
export const robotsTxt = (site: URL | string): string =>
  ['User-agent: *', 'Allow: /', '', `Sitemap: ${absoluteUrl(SITEMAP_PATH, site)}`, ''].join('\n');
