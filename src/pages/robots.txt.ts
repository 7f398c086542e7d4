/**
 * `/robots.txt` (issue #4): everything may be crawled; points crawlers at the sitemap index that
 * `@astrojs/sitemap` writes, as an absolute URL on the canonical origin (`SITE_URL`).
 */
import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/seo/robots';

export const prerender = true;

export const GET: APIRoute = ({ site }) => {
  if (!site) throw new Error('robots.txt needs Astro `site` (set SITE_URL)');
  return new Response(robotsTxt(site), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
