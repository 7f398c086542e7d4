/**
 * robots.txt (https://www.rfc-editor.org/rfc/rfc9309): allow everything but the paths given (the
 * staff inbox, where it shares the port), name the sitemap.
 */
import { absoluteUrl } from './urls.ts';

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
