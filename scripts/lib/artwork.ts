/**
 * Build-time artwork and metadata files of the site (docs/product.md#search-and-sharing), written into
 * the client output directory so Express serves them as static files, all from the agency's
 * brand files in `public/brand/` (its logo mark) and the site configuration:
 *
 * - `/favicon.ico` (16, 32, 48 px), `/favicon.svg` (the mark), `/apple-touch-icon.png` (180 px);
 * - `/icons/<name>.png`: the web app manifest's icons; `/manifest.webmanifest`.
 *
 * robots.txt and sitemap.xml name the canonical origin, which is configuration (`SITE_URL`) and
 * not known at build time: the server makes those (`src/server/seo.ts`), and the social cards,
 * which follow the published titles (`src/server/social-cards.ts`); the build copies their fonts
 * ({@link writeCardFonts}).
 *
 * @throws the first rendering or file-system error (the build then fails).
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { MANIFEST_ICONS, webManifest } from '../../src/lib/seo/manifest.ts';
import { CARD_FONTS, CARD_FONTS_DIR } from '../../src/server/social-cards.ts';
import { site } from '../../src/site.config.ts';
import { packIco, renderMarkPng } from './artwork-render.ts';

/** The agency's logo mark, which the agency replaces with its own. */
export const LOGO_MARK = resolve(import.meta.dirname, '../../public/brand/logo-mark.svg');

/** Writes every artwork file into `outDir`; returns the number of files written. */
export async function writeArtwork(outDir: string): Promise<number> {
  const mark = await readFile(LOGO_MARK, 'utf8');
  await mkdir(join(outDir, 'icons'), { recursive: true });
  const files: Array<[string, Promise<string | Uint8Array>]> = [];
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

/** Copies the social cards' font files into `<buildDir>/server/fonts/`, where the server reads them. */
export async function writeCardFonts(buildDir: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const dir = join(buildDir, CARD_FONTS_DIR);
  await mkdir(dir, { recursive: true });
  await Promise.all(
    CARD_FONTS.map((spec) => copyFile(require.resolve(spec), join(dir, basename(spec)))),
  );
}
