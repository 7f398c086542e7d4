/**
 * `/manifest.webmanifest`: the web app manifest (issue #4), built from the site config.
 */
import type { APIRoute } from 'astro';
import { site } from '../site.config';
import { webManifest } from '../lib/seo/manifest';

export const prerender = true;

export const GET: APIRoute = () =>
  new Response(JSON.stringify(webManifest(site), null, 2), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8' },
  });
