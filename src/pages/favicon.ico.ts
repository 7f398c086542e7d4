/**
 * `/favicon.ico`: PNG fallbacks (16, 32 and 48 px) in one ICO container for browsers and tools
 * that ignore the SVG favicon or request `/favicon.ico` directly (issue #4).
 */
import type { APIRoute } from 'astro';
import { site } from '../site.config';
import { packIco, renderMonogramPng } from '../lib/seo/render';

export const prerender = true;

export const GET: APIRoute = async () => {
  const sizes = [16, 32, 48];
  const images = await Promise.all(
    sizes.map(async (size) => ({ size, png: await renderMonogramPng(site.name, size) })),
  );
  return new Response(packIco(images), { headers: { 'Content-Type': 'image/x-icon' } });
};
