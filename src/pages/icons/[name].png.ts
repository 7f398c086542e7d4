/**
 * `/icons/<name>.png`: the web app manifest's icons (issue #4) — 192 and 512 px with rounded
 * corners (`purpose: any`) and a full-bleed 512 px variant whose glyph stays inside the 80% safe
 * zone (`purpose: maskable`). The 512 px icon is also the JSON-LD `logo`.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { site } from '../../site.config';
import { renderMonogramPng } from '../../lib/seo/render';
import { MANIFEST_ICONS } from '../../lib/seo/manifest';

export const prerender = true;

export const getStaticPaths = (() =>
  MANIFEST_ICONS.map((icon) => ({
    params: { name: icon.name },
    props: { size: icon.size, maskable: icon.purpose === 'maskable' },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ size: number; maskable: boolean }> = async ({ props }) =>
  new Response(await renderMonogramPng(site.name, props.size, props.maskable), {
    headers: { 'Content-Type': 'image/png' },
  });
