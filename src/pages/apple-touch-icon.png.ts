/**
 * `/apple-touch-icon.png`: the 180×180 home-screen icon iOS asks for (issue #4 PNG fallbacks).
 * iOS draws its own rounded mask, so this is the full-bleed (maskable) variant.
 */
import type { APIRoute } from 'astro';
import { site } from '../site.config';
import { renderMonogramPng } from '../lib/seo/render';

export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(await renderMonogramPng(site.name, 180, true), {
    headers: { 'Content-Type': 'image/png' },
  });
