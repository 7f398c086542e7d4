/**
 * robots.txt and sitemap.xml (spec §8 "Search and sharing"). Both name the canonical origin,
 * which is configuration (`SITE_URL`), so the server makes them; they are cached for an hour.
 * The sitemap lists only the indexable routes of spec §1 (never the 404 page, /privacy or
 * /terms), built with the `sitemap` library.
 */
import express from 'express';
import { SitemapStream, streamToPromise } from 'sitemap';
import { robotsTxt } from '../lib/seo/robots.ts';
import { INDEXABLE_PATHS } from '../pages.ts';

/** Renders the sitemap XML for `origin` (e.g. `https://kahaani.example`). */
export async function sitemapXml(origin: string): Promise<string> {
  const stream = new SitemapStream({ hostname: origin });
  for (const url of INDEXABLE_PATHS) stream.write({ url, changefreq: 'monthly' });
  stream.end();
  return (await streamToPromise(stream)).toString();
}

/** `GET /robots.txt` and `GET /sitemap.xml` for the origin `originOf(req)` returns. */
export function seoRoutes(originOf: (req: express.Request) => string): express.Router {
  const router = express.Router();
  const cache = new Map<string, string>();
  router.get('/robots.txt', (req, res) => {
    res
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(originOf(req)));
  });
  router.get('/sitemap.xml', async (req, res) => {
    const origin = originOf(req);
    let xml = cache.get(origin);
    if (!xml) {
      xml = await sitemapXml(origin);
      if (cache.size < 8) cache.set(origin, xml);
    }
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(xml);
  });
  return router;
}
