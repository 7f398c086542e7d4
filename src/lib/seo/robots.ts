/** robots.txt (https://www.rfc-editor.org/rfc/rfc9309): allow everything, name the sitemap. */
import { absoluteUrl } from './urls.ts';

export const SITEMAP_PATH = '/sitemap.xml';

/** robots.txt for the canonical origin `site` (from `SITE_URL`). */
export const robotsTxt = (site: URL | string): string =>
  ['User-agent: *', 'Allow: /', '', `Sitemap: ${absoluteUrl(SITEMAP_PATH, site)}`, ''].join('\n');
