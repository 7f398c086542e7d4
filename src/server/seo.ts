/**
 * robots.txt and security.txt from `SITE_URL`, made once at start, and sitemap.xml, made again for
 * each content release the stored pages show, its `lastmod` that release's publish time
 * (docs/decisions/060-sitemap-lastmod-follows-releases.md); no request header reaches them
 * (docs/decisions/007-site-url-required-in-production.md).
 */
import type { RequestHandler } from 'express';
import { SitemapStream, streamToPromise } from 'sitemap';
import { robotsTxt } from '../lib/seo/robots.ts';
import { absoluteUrl } from '../lib/seo/urls.ts';
import { site } from '../site.config.ts';
import { INDEXABLE_PATHS } from '../pages.ts';
import { sendStored, storeResponse, type StoredResponse } from './stored-pages.ts';

const SEO_CACHE_CONTROL = 'public, max-age=3600';

/**
 * The indexable pages as a sitemap (https://www.sitemaps.org/protocol.html), each with `lastmod`
 * `lastmodMs` written as a W3C datetime in UTC with milliseconds (`2026-11-28T09:41:07.123Z`,
 * https://www.sitemaps.org/protocol.html#lastmoddef).
 * @param origin e.g. `https://kahaani.example`
 * @param lastmodMs epoch ms: the publish time of the release the pages show
 * @param itemPaths the release's item pages (`/showcase/<slug>`), after the page list's
 * @param lastmodOf a page's own `lastmod`, epoch ms: the last published change of what it shows;
 *   `lastmodMs` where it gives none
 * @throws RangeError when `lastmodMs` is no time
 */
export async function sitemapXml(
  origin: string,
  lastmodMs: number,
  itemPaths: readonly string[] = [],
  lastmodOf: (path: string) => number | undefined = () => undefined,
): Promise<string> {
  const stream = new SitemapStream({ hostname: origin });
  for (const url of [...INDEXABLE_PATHS, ...itemPaths]) {
    const lastmod = new Date(lastmodOf(url) ?? lastmodMs).toISOString();
    stream.write({ url, changefreq: 'monthly', lastmod });
  }
  stream.end();
  return (await streamToPromise(stream)).toString();
}

/** Which content release the sitemap's `lastmod` follows. */
export interface SitemapRelease {
  /** The release the stored pages show now; a new number makes a new sitemap. */
  shown: () => Promise<number>;
  /**
   * Its publish time, epoch ms, from the database (never this instance's clock).
   * @throws Error when there is no such release
   */
  publishedAt: (release: number) => Promise<number>;
  /** The release's item pages (`/showcase/<slug>`); none when omitted. */
  paths?: ((release: number) => Promise<readonly string[]>) | undefined;
  /** Each page's own `lastmod` as of the release, epoch ms; the release's time when omitted. */
  lastmods?: ((release: number) => Promise<(path: string) => number | undefined>) | undefined;
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

const SITEMAP = '/sitemap.xml';

export const SEO_PATHS: readonly string[] = ['/robots.txt', SITEMAP, SECURITY_TXT];

/**
 * The three files as stored responses (every encoding, strong ETags, `Cache-Control` an hour).
 * The sitemap is kept for one release and made again when `release.shown()` names another, so
 * instances showing the same release send the same bytes; one that fails to be made is a 500
 * for that request (`next(error)`) and is made again for the next.
 * @param origin `SITE_URL`
 * @param release the release the sitemap follows
 * @param now the clock, epoch ms (security.txt's expiry only)
 * @param disallow path prefixes for robots.txt (the staff area)
 * @returns the handler (GET and HEAD of the three paths; anything else passes on) and `ready`,
 *   which settles once all three are made (rejects when one fails)
 */
export function seoFiles(
  origin: string,
  release: SitemapRelease,
  now: () => number = Date.now,
  disallow: readonly string[] = [],
): { handler: RequestHandler; ready: Promise<void> } {
  const files = new Map<string, StoredResponse>();
  let sitemap: { release: number; stored: Promise<StoredResponse> } | undefined;
  const sitemapOfShown = async (): Promise<StoredResponse> => {
    const number = await release.shown();
    if (sitemap?.release !== number) {
      const stored = Promise.all([
        release.publishedAt(number),
        release.paths?.(number),
        release.lastmods?.(number),
      ])
        .then(([ms, paths, lastmodOf]) => sitemapXml(origin, ms, paths, lastmodOf))
        .then((xml) =>
          storeResponse(
            200,
            {
              'content-type': 'application/xml; charset=utf-8',
              'cache-control': SEO_CACHE_CONTROL,
            },
            xml,
          ),
        );
      const entry = { release: number, stored };
      sitemap = entry;
      stored.catch(() => {
        if (sitemap === entry) sitemap = undefined;
      });
    }
    return sitemap.stored;
  };
  const made = Promise.all([
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
  ]);
  const ready = Promise.all([made, sitemapOfShown()]).then(() => undefined);
  const handler: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!SEO_PATHS.includes(req.path)) return next();
    try {
      await made;
      const stored = req.path === SITEMAP ? await sitemapOfShown() : files.get(req.path);
      if (stored) sendStored(req, res, stored);
      else next();
    } catch (error) {
      next(error);
    }
  };
  return { handler, ready };
}
