/**
 * The client files a page references, from Vite's client manifest
 * (`<build>/client/.vite/manifest.json`) in production, or Vite's dev server in development (docs/product.md#performance-budgets).
 *
 * Production pages inline the CSS their route uses (a separate file would delay the first paint
 * by a round trip; decision 011) and preload the two web fonts that paint the first screen. Their scripts
 * start after the first paint (`afterFirstPaint` in entry-server.tsx), which preloads the entry's
 * and the matched route's chunks together, so hydration does not wait on a chain of imports and
 * nothing competes with the HTML, CSS and fonts for the first paint.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientAssets } from '../entry-server.tsx';

/** One chunk of Vite's manifest (the fields used here). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Each route's inline CSS, written next to the manifest by the build (`scripts/lib/route-css.ts`,
 * its `RouteCss`): `{ "css": { "src/routes/home.tsx": "<css>", … } }`.
 */
export const ROUTE_CSS_FILE = '.vite/route-css.json';

/** Source path of the browser entry, as the manifest keys it. */
export const CLIENT_ENTRY = 'src/entry-client.tsx';

/** Public URL of a file in the client build. */
const publicUrl = (file: string): string => `/${file}`;

/** A chunk's file and every chunk it imports statically, transitively, in load order. */
function chunkClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [
    publicUrl(chunk.file),
    ...(chunk.imports ?? []).flatMap((imported) => chunkClosure(manifest, imported, seen)),
  ];
}

/**
 * Reads the production assets of a build.
 *
 * @param clientDir `<build>/client`
 * @throws Error when the manifest or the entry is missing (run `npm run build`)
 */
export function productionAssets(clientDir: string): ClientAssets {
  const manifest = JSON.parse(
    readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`${CLIENT_ENTRY} is missing from the client manifest`);
  const entryChunks = chunkClosure(manifest, CLIENT_ENTRY);
  const routeChunks: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.src?.startsWith('src/routes/')) continue;
    // The entry's own chunks first: the browser needs them before any route chunk.
    const chunks = new Set([...entryChunks, ...chunkClosure(manifest, key)]);
    // React preloads the bootstrap module itself.
    chunks.delete(publicUrl(entry.file));
    routeChunks[key] = [...chunks];
  }
  // Each page's share of the stylesheet, pruned at build (scripts/lib/route-css.ts, decision 011).
  const routeCss = JSON.parse(readFileSync(join(clientDir, ROUTE_CSS_FILE), 'utf8')) as {
    css: Record<string, string>;
  };
  const inlineCss = routeCss.css;
  // The two faces set every page's first screen (the display serif its heading, Inter the lede,
  // the LCP element on most pages): preload the core file of both, or the text is laid out in
  // the fallback and shifts when a face arrives (decision 014). The rest of each face
  // (`-extended`, accented letters and rarer symbols) is left to the browser, which downloads it
  // only for a page whose text needs it (decision 016). The URLs are the ones the inlined CSS asks
  // for (Vite's manifest does not list fonts the CSS references).
  const fontPreloads = [
    ...new Set(
      Object.values(inlineCss).flatMap((css) =>
        [...css.matchAll(/url\(["']?(\/assets\/[^)"']*\.woff2)["']?\)/g)].map(
          (match) => match[1] ?? '',
        ),
      ),
    ),
  ].filter((url) => /\/[^/]*-core-[^/]*\.woff2$/.test(url));
  return {
    bootstrapModules: [publicUrl(entry.file)],
    routeChunks,
    inlineCss,
    stylesheets: [],
    fontPreloads,
    deferScripts: true,
  };
}

/** Development: Vite serves sources directly and injects its HMR client. */
export const DEVELOPMENT_ASSETS: ClientAssets = {
  bootstrapModules: ['/@vite/client', `/${CLIENT_ENTRY}`],
  routeChunks: {},
  inlineCss: {},
  stylesheets: ['/src/styles/global.css'],
  fontPreloads: [],
  deferScripts: false,
};
