/**
 * `/favicon.svg`: the vector favicon (issue #4 "Favicons (SVG plus PNG fallbacks)") — the brand's
 * monogram drawn at build time with the display serif as glyph outlines, so it needs no font.
 */
import type { APIRoute } from 'astro';
import { site } from '../site.config';
import { renderMonogramSvg } from '../lib/seo/render';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(await renderMonogramSvg(site.name), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' },
  });
