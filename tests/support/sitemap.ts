/**
 * Reads a sitemap (https://www.sitemaps.org/protocol.html) as a crawler would, with the `sitemap`
 * package's own parser, so tests check what the XML says rather than how it is spelt.
 */
import { Readable } from 'node:stream';
import { parseSitemap } from 'sitemap';

/**
 * Each `<url>`'s `<loc>` and its `<lastmod>` as written (undefined when the entry has none), in
 * document order.
 * @throws Error when `xml` is not a sitemap the parser reads
 */
export async function lastmodsOf(xml: string): Promise<Map<string, string | undefined>> {
  const items = await parseSitemap(Readable.from([xml]));
  return new Map(items.map((item) => [item.url, item.lastmod]));
}
