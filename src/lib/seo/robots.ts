/**
 * robots.txt (https://www.rfc-editor.org/rfc/rfc9309): everything allowed but the staff inbox
 * where it shares the port; names the sitemap.
 */
import { absoluteUrl } from './urls.ts';

export const SITEMAP_PATH = '/sitemap.xml';

/**
 * @param site `SITE_URL`
 * @param disallow path prefixes crawlers are asked to leave alone
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
