/**
 * What a page view is made of (`src/server/statistics/views.ts`): the visitor hash (one visitor,
 * one day: one hash; another salt, another hash; no timestamp in it), robots and prefetches left
 * out, the client address as `TRUST_PROXY` defines it, and UTM values kept as short plain text.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  captured,
  clientIp,
  describer,
  isPrefetch,
  isRobot,
  MAX_REFERRER,
  visitorHash,
  type RequestLike,
} from '../../src/server/statistics/views.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SALT = 'a'.repeat(64);

const request = (headers: Record<string, string>, url = '/'): RequestLike => ({
  ip: '203.0.113.9',
  url,
  header: (name) => headers[name] ?? '',
});
const view = (req: RequestLike, at = 0) =>
  captured(req, { route: 'home', item: '', at, beacon: false }, 'cf-ipcountry');

describe('visitorHash', () => {
  it('is the same for one visitor and salt, and differs by salt, address, agent or site', () => {
    const one = visitorHash(SALT, 'site.test', '203.0.113.9', CHROME);
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(visitorHash(SALT, 'site.test', '203.0.113.9', CHROME)).toBe(one);
    expect(visitorHash('b'.repeat(64), 'site.test', '203.0.113.9', CHROME)).not.toBe(one);
    expect(visitorHash(SALT, 'site.test', '203.0.113.10', CHROME)).not.toBe(one);
    expect(visitorHash(SALT, 'site.test', '203.0.113.9', `${CHROME} x`)).not.toBe(one);
    expect(visitorHash(SALT, 'other.test', '203.0.113.9', CHROME)).not.toBe(one);
  });

  it('does not depend on the time of the view within the day', () => {
    const describe = describer('https://site.test');
    const req = request({ 'user-agent': CHROME });
    expect(describe(view(req, 1000), SALT).visitor).toBe(
      describe(view(req, 80_000_000), SALT).visitor,
    );
  });
});

describe('exclusions', () => {
  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    [
      'a headless browser',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    ],
    ['curl', 'curl/8.5.0'],
    ['no user agent', ''],
  ])('takes %s for a robot', (_name, ua) => {
    expect(isRobot(ua)).toBe(true);
  });

  it('takes a browser for a person', () => {
    expect(isRobot(CHROME)).toBe(false);
  });

  it.each([
    [{ 'sec-purpose': 'prefetch' }, true],
    [{ 'sec-purpose': 'prefetch;prerender' }, true],
    [{ purpose: 'prefetch' }, true],
    [{ 'x-moz': 'prefetch' }, true],
    [{}, false],
  ])('a request with %o is a prefetch: %s', (headers, expected) => {
    expect(isPrefetch(headers)).toBe(expected);
  });
});

describe('captured and described', () => {
  const node = (remoteAddress: string, forwarded?: string) =>
    ({
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
      socket: { remoteAddress },
    }) as unknown as IncomingMessage;

  it('takes the client address from the socket, or behind one proxy from its last hop', () => {
    expect(clientIp(node('10.0.0.1', '198.51.100.1, 203.0.113.5'), false)).toBe('10.0.0.1');
    expect(clientIp(node('10.0.0.1', '198.51.100.1, 203.0.113.5'), true)).toBe('203.0.113.5');
    expect(clientIp(node('10.0.0.1'), true)).toBe('10.0.0.1');
  });

  it('keeps no address or user agent, and Sec-GPC: 1 gives no visitor', () => {
    const describe = describer('https://site.test');
    const described = describe(view(request({ 'user-agent': CHROME })), SALT);
    expect(JSON.stringify(described)).not.toContain('203.0.113.9');
    expect(JSON.stringify(described)).not.toContain('Windows NT');
    expect(described).toMatchObject({ device: 'desktop', browser: 'Chrome', source: 'Direct' });
    const gpc = describe(view(request({ 'user-agent': CHROME, 'sec-gpc': '1' })), SALT);
    expect(gpc.visitor).toBeNull();
  });

  it('takes the country only from the named header, as two letters', () => {
    expect(view(request({ 'cf-ipcountry': 'in' })).country).toBe('IN');
    expect(view(request({ 'cf-ipcountry': 'XX1' })).country).toBe('');
    expect(
      captured(
        request({ 'cf-ipcountry': 'IN' }),
        { route: 'home', item: '', at: 0, beacon: false },
        undefined,
      ).country,
    ).toBe('');
  });

  it('cuts a long referrer and keeps UTM values printable, at most 100 characters, the UTM source first', () => {
    const describe = describer('https://site.test');
    const long = view(request({ referer: `https://www.google.com/${'q'.repeat(100_000)}` }));
    expect(long.referrer).toHaveLength(MAX_REFERRER);
    expect(describe(long, SALT).source).toBe('Google');
    const utm = new URLSearchParams({
      utm_source: 'news\u0000letter',
      utm_medium: 'email',
      utm_campaign: `</script>${'x'.repeat(200)}`,
    });
    const d = describe(view(request({ referer: 'https://www.google.com/' }, `/?${utm}`)), SALT);
    expect(d.source).toBe('newsletter');
    expect(d.utmMedium).toBe('email');
    expect(d.utmCampaign).toBe(`</script>${'x'.repeat(91)}`);
    expect(describe(view(request({ referer: 'https://site.test/about' })), SALT).source).toBe(
      'Direct',
    );
    expect(describe(view(request({ referer: 'https://blog.example/post' })), SALT).source).toBe(
      'blog.example',
    );
  });
});
