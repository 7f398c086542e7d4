/** https://www.rfc-editor.org/rfc/rfc9309 */
import { absoluteUrl } from './urls.ts';

export const SITEMAP_PATH = '/sitemap.xml';

/** @param disallow path prefixes (the staff area where it shares the port) */
export const robotsTxt = (site: URL | string, disallow: readonly string[] = []): string =>
  [
    'User-agent: *',
    ...disallow.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(SITEMAP_PATH, site)}`,
    '',
  ].join('\n');
