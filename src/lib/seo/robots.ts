/**
 * robots.txt content: allow everything (but the paths given, such as the staff inbox) and name
 * the sitemap index.
 */
import { absoluteUrl } from './urls.ts';

/** The sitemap the server makes (`src/server/seo.ts`). */
export const SITEMAP_PATH = '/sitemap.xml';

/**
 * robots.txt for the canonical origin `site` (from `SITE_URL`).
 *
 * @param disallow path prefixes crawlers are asked to leave alone (none by default)
 */
export const robotsTxt = (site: URL | string, disallow: readonly string[] = []): string =>
  [
    'User-agent: *',
    ...disallow.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(SITEMAP_PATH, site)}`,
    '',
  ].join('\n');
