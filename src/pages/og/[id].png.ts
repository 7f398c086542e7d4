/**
 * `/og/<route-id>.png`: the 1200×630 social card of every route (issue #4 "Open Graph and Twitter
 * card tags … with a 1200×630 social image generated at build time per page"). One PNG per entry
 * of the `pages` content collection, prerendered at build time; nothing is drawn per request.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import { site } from '../../site.config';
import { cardText, renderOgCard } from '../../lib/seo/render';

export const prerender = true;

export const getStaticPaths = (async () => {
  const pages = await getCollection('pages');
  return pages.map((entry) => ({ params: { id: entry.id }, props: { title: entry.data.title } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ title: string }> = async ({ props }) => {
  const { headline, subline } = cardText(props.title, site.name);
  const png = await renderOgCard({
    brand: site.name,
    title: headline,
    subline,
    tagline: site.tagline,
    kicker: site.address.addressLocality,
  });
  return new Response(png, { headers: { 'Content-Type': 'image/png' } });
};
