/**
 * robots.txt, sitemap.xml and security.txt. All name the canonical origin, which is configuration
 * (`SITE_URL`), so the server makes them once at start and serves them like the pages: stored,
 * compressed once, with an ETag (`stored-response.ts`). No request header reaches them
 * (docs/decisions/007-site-url-required-in-production.md). The sitemap lists only the indexable
 * pages (never the 404 page, /privacy or /terms), built with the `sitemap` library.
 */
import type { RequestHandler } from 'express';
import { SitemapStream, streamToPromise } from 'sitemap';
import { robotsTxt } from '../lib/seo/robots.ts';
import { absoluteUrl } from '../lib/seo/urls.ts';
import { site } from '../site.config.ts';
import { INDEXABLE_PATHS } from '../pages.ts';
import { sendStored, storeResponse, type StoredResponse } from './stored-response.ts';

/** Crawlers fetch these rarely; an hour in any cache, revalidated by ETag after. */
const SEO_CACHE_CONTROL = 'public, max-age=3600';

/** Renders the sitemap XML for `origin` (e.g. `https://kahaani.example`). */
export async function sitemapXml(origin: string): Promise<string> {
  const stream = new SitemapStream({ hostname: origin });
  for (const url of INDEXABLE_PATHS) stream.write({ url, changefreq: 'monthly' });
  stream.end();
  return (await streamToPromise(stream)).toString();
}

/** Where security researchers look for whom to tell (RFC 9116 §3). */
const SECURITY_TXT = '/.well-known/security.txt';

/** 180 days, ms: how long a security.txt stays valid after the release that serves it started. */
const SECURITY_TXT_LIFETIME_MS = 180 * 24 * 3600 * 1000;

/**
 * security.txt (https://www.rfc-editor.org/rfc/rfc9116): the agency's address as the contact, in
 * English, with its canonical URL and an expiry within the year the RFC recommends.
 * @param now ms since the epoch (the server's start)
 */
export function securityTxt(origin: string, now: number): string {
  const expires = new Date(now + SECURITY_TXT_LIFETIME_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return [
    `Contact: mailto:${site.email}`,
    `Expires: ${expires}`,
    'Preferred-Languages: en',
    `Canonical: ${absoluteUrl(SECURITY_TXT, origin)}`,
    '',
  ].join('\n');
}

/** The paths {@link seoFiles} answers. */
export const SEO_PATHS: readonly string[] = ['/robots.txt', '/sitemap.xml', SECURITY_TXT];

/**
 * `GET /robots.txt`, `GET /sitemap.xml` and `GET /.well-known/security.txt` for `origin`,
 * computed once.
 * @param disallow path prefixes robots.txt asks crawlers to leave alone (the staff inbox, when
 *   it is served here)
 * @returns the handler and a promise that settles when both files are ready
 */
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
