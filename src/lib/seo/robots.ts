/**
 * robots.txt content: allow everything and name the sitemap index.
 */
import { absoluteUrl } from './urls.ts';

/** The sitemap the server makes (`src/server/seo.ts`). */
export const SITEMAP_PATH = '/sitemap.xml';

/** robots.txt for the canonical origin `site` (from `SITE_URL`). */
export const robotsTxt = (site: URL | string): string =>
  ['User-agent: *', 'Allow: /', '', `Sitemap: ${absoluteUrl(SITEMAP_PATH, site)}`, ''].join('\n');
