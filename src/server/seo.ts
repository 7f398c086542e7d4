/**
 * robots.txt, sitemap.xml and security.txt from `SITE_URL`, made once at start; no request header
 * reaches them (docs/decisions/007-site-url-required-in-production.md).
 */
import type { RequestHandler } from 'express';
import { SitemapStream, streamToPromise } from 'sitemap';
import { robotsTxt } from '../lib/seo/robots.ts';
import { absoluteUrl } from '../lib/seo/urls.ts';
import { site } from '../site.config.ts';
import { INDEXABLE_PATHS } from '../pages.ts';
import { sendStored, storeResponse, type StoredResponse } from './stored-pages.ts';

const SEO_CACHE_CONTROL = 'public, max-age=3600';

/** @param origin e.g. `https://kahaani.example` */
export async function sitemapXml(origin: string): Promise<string> {
  const stream = new SitemapStream({ hostname: origin });
  for (const url of INDEXABLE_PATHS) stream.write({ url, changefreq: 'monthly' });
  stream.end();
  return (await streamToPromise(stream)).toString();
}

const SECURITY_TXT = '/.well-known/security.txt';

/** Within the year RFC 9116 recommends. */
const SECURITY_TXT_LIFETIME_MS = 180 * 24 * 3600 * 1000;

/**
 * https://www.rfc-editor.org/rfc/rfc9116; expiry counts from the UTC day of `now` (epoch ms), so
 * instances started that day send the same bytes and ETag.
 */
export function securityTxt(origin: string, now: number): string {
  const day = now - (now % (24 * 3600 * 1000));
  const expires = new Date(day + SECURITY_TXT_LIFETIME_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return [
    `Contact: mailto:${site.email}`,
    `Expires: ${expires}`,
    'Preferred-Languages: en',
    `Canonical: ${absoluteUrl(SECURITY_TXT, origin)}`,
    '',
  ].join('\n');
}

export const SEO_PATHS: readonly string[] = ['/robots.txt', '/sitemap.xml', SECURITY_TXT];

/** @param disallow path prefixes for robots.txt (the staff inbox) */
export function seoFiles(
  origin: string,
  now: () => number = Date.now,
  disallow: readonly string[] = [],
): { handler: RequestHandler; ready: Promise<void> } {
  const files = new Map<string, StoredResponse>();
  const ready = Promise.all([
    storeResponse(
      200,
      { 'content-type': 'text/plain; charset=utf-8', 'cache-control': SEO_CACHE_CONTROL },
      securityTxt(origin, now()),
    ).then((stored) => files.set(SECURITY_TXT, stored)),
    storeResponse(
      200,
      { 'content-type': 'text/plain; charset=utf-8', 'cache-control': SEO_CACHE_CONTROL },
      robotsTxt(origin, disallow),
    ).then((stored) => files.set('/robots.txt', stored)),
    sitemapXml(origin)
      .then((xml) =>
        storeResponse(
          200,
          { 'content-type': 'application/xml; charset=utf-8', 'cache-control': SEO_CACHE_CONTROL },
          xml,
        ),
      )
      .then((stored) => files.set('/sitemap.xml', stored)),
  ]).then(() => undefined);
  const handler: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!SEO_PATHS.includes(req.path)) return next();
    try {
      await ready;
      const stored = files.get(req.path);
      if (stored) sendStored(req, res, stored);
      else next();
    } catch (error) {
      next(error);
    }
  };
  return { handler, ready };
}
