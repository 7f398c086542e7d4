/**
 * Build-time artwork and metadata files of the site (docs/product.md#search-and-sharing), written into
 * the client output directory so Express serves them as static files:
 *
 * - `/og/<route id>.png`: the 1200×630 social image of every route (Open Graph, Twitter);
 * - `/favicon.ico` (16, 32, 48 px), `/favicon.svg`, `/apple-touch-icon.png` (180 px, maskable);
 * - `/icons/<name>.png`: the web app manifest's icons; `/manifest.webmanifest`.
 *
 * robots.txt and sitemap.xml name the canonical origin, which is configuration (`SITE_URL`) and
 * not known at build time: the server makes those (`src/server/seo.ts`).
 *
 * @throws the first rendering or file-system error (the build then fails).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadContentFile } from './content.ts';
import { MANIFEST_ICONS, webManifest } from '../../src/lib/seo/manifest.ts';
import {
  cardText,
  packIco,
  renderMonogramPng,
  renderMonogramSvg,
  renderOgCard,
} from './artwork-render.ts';
import { ROUTE_IDS } from '../../src/pages.ts';
import { site } from '../../src/site.config.ts';

/** Writes every artwork file into `outDir`; returns the number of files written. */
export async function writeArtwork(outDir: string): Promise<number> {
  await mkdir(join(outDir, 'og'), { recursive: true });
  await mkdir(join(outDir, 'icons'), { recursive: true });
  const pages = loadContentFile('pages.yaml');
  const files: Array<[string, Promise<string | Uint8Array>]> = [];
  for (const id of ROUTE_IDS) {
    const { headline, subline } = cardText(pages[id].title, site.name);
    files.push([
      `og/${id}.png`,
      renderOgCard({
        brand: site.name,
        title: headline,
        subline,
        tagline: site.tagline,
        kicker: site.address.addressLocality,
      }),
    ]);
  }
  files.push([
    'favicon.ico',
    Promise.all(
      [16, 32, 48].map(async (size) => ({ size, png: await renderMonogramPng(site.name, size) })),
    ).then(packIco),
  ]);
  files.push(['favicon.svg', renderMonogramSvg(site.name)]);
  files.push(['apple-touch-icon.png', renderMonogramPng(site.name, 180, true)]);
  for (const icon of MANIFEST_ICONS) {
    files.push([
      `icons/${icon.name}.png`,
      renderMonogramPng(site.name, icon.size, icon.purpose === 'maskable'),
    ]);
  }
  files.push(['manifest.webmanifest', Promise.resolve(JSON.stringify(webManifest(site), null, 2))]);
  await Promise.all(files.map(async ([name, data]) => writeFile(join(outDir, name), await data)));
  return files.length;
}
