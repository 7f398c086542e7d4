/**
 * Build-time artwork and metadata files of the site (docs/product.md#search-and-sharing), written into
 * the client output directory so Express serves them as static files, all from the agency's
 * brand files in `public/brand/` (its logo mark) and the site configuration:
 *
 * - `/og/<route id>.png`: the 1200×630 social image of every route (Open Graph, Twitter);
 * - `/favicon.ico` (16, 32, 48 px), `/favicon.svg` (the mark), `/apple-touch-icon.png` (180 px);
 * - `/icons/<name>.png`: the web app manifest's icons; `/manifest.webmanifest`.
 *
 * robots.txt and sitemap.xml name the canonical origin, which is configuration (`SITE_URL`) and
 * not known at build time: the server makes those (`src/server/seo.ts`).
 *
 * @throws the first rendering or file-system error (the build then fails).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadContentFile } from './content.ts';
import { MANIFEST_ICONS, webManifest } from '../../src/lib/seo/manifest.ts';
import { cardText, packIco, renderMarkPng, renderOgCard } from './artwork-render.ts';
import { ROUTE_IDS } from '../../src/pages.ts';
import { site } from '../../src/site.config.ts';

/** The agency's logo mark, which the agency replaces with its own. */
export const LOGO_MARK = resolve(import.meta.dirname, '../../public/brand/logo-mark.svg');

/** Writes every artwork file into `outDir`; returns the number of files written. */
export async function writeArtwork(outDir: string): Promise<number> {
  const mark = await readFile(LOGO_MARK, 'utf8');
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
        mark,
        title: headline,
        subline,
        tagline: site.tagline,
        kicker: site.address.addressLocality,
      }),
    ]);
  }
  const ico = [16, 32, 48].map((size) => ({ size, png: renderMarkPng(mark, size) }));
  files.push(['favicon.ico', Promise.resolve(packIco(ico))]);
  files.push(['favicon.svg', Promise.resolve(mark)]);
  // iOS shows transparent corners black and rounds the icon itself: a full-bleed square.
  files.push(['apple-touch-icon.png', Promise.resolve(renderMarkPng(mark, 180, true))]);
  for (const icon of MANIFEST_ICONS) {
    const png = renderMarkPng(mark, icon.size, icon.purpose === 'maskable');
    files.push([`icons/${icon.name}.png`, Promise.resolve(png)]);
  }
  files.push(['manifest.webmanifest', Promise.resolve(JSON.stringify(webManifest(site), null, 2))]);
  await Promise.all(files.map(async ([name, data]) => writeFile(join(outDir, name), await data)));
  return files.length;
}
