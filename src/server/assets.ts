/**
 * The client files a page references: from Vite's client manifest
 * (`<build>/client/.vite/manifest.json`) in production, from Vite's dev server in development
 * (docs/product.md#performance-budgets).
 *
 * Production pages inline their critical CSS (a stylesheet file would delay the first paint by a
 * round trip; docs/decisions/026-critical-css-by-beasties.md) and preload the two faces that paint
 * the first screen. Their scripts start after the first paint (`afterFirstPaint` in
 * `src/entry-server.tsx`), which preloads the entry's and the page's chunks together.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientAssets } from '../entry-server.tsx';

/** One chunk of Vite's manifest (the fields used here). */
interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Each page's critical CSS by route module, written by the build (`scripts/lib/critical-css.ts`). */
export const CRITICAL_CSS_FILE = '.vite/critical-css.json';

/** Source path of the browser entry, as the manifest keys it. */
const CLIENT_ENTRY = 'src/entry-client.tsx';
/** The module that loads the whole stylesheet (`src/styles/stylesheet.ts`), as the manifest keys it. */
const STYLESHEET_MODULE = 'src/styles/stylesheet.ts';

const readManifest = (clientDir: string) =>
  JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;

/** A chunk's file and every chunk it imports statically, transitively, in load order. */
function chunkClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [
    `/${chunk.file}`,
    ...(chunk.imports ?? []).flatMap((imported) => chunkClosure(manifest, imported, seen)),
  ];
}

/**
 * The URL of the whole stylesheet in a build (`/assets/stylesheet-….css`).
 * @throws Error when the manifest lacks it (run `npm run build`)
 */
export function wholeStylesheet(clientDir: string): string {
  const chunk = readManifest(clientDir)[STYLESHEET_MODULE];
  // A module that only imports CSS becomes the stylesheet itself.
  const css = chunk?.file.endsWith('.css') ? chunk.file : chunk?.css?.[0];
  if (!css) throw new Error(`${STYLESHEET_MODULE} has no stylesheet in the client manifest`);
  return `/${css}`;
}

/**
 * Reads the production assets of a build.
 *
 * @param clientDir `<build>/client`
 * @throws Error when the manifest, the entry or the critical CSS is missing (run `npm run build`)
 */
export function productionAssets(clientDir: string): ClientAssets {
  const manifest = readManifest(clientDir);
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`${CLIENT_ENTRY} is missing from the client manifest`);
  const entryChunks = chunkClosure(manifest, CLIENT_ENTRY);
  const routeChunks: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.src?.startsWith('src/routes/')) continue;
    // The entry's own chunks first: the browser needs them before any route chunk. React
    // preloads the bootstrap module itself.
    const chunks = new Set([...entryChunks, ...chunkClosure(manifest, key)]);
    chunks.delete(`/${entry.file}`);
    routeChunks[key] = [...chunks];
  }
  const inlineCss = JSON.parse(readFileSync(join(clientDir, CRITICAL_CSS_FILE), 'utf8')) as Record<
    string,
    string
  >;
  // The core file of both faces (the display serif sets the headings, Inter the lede, the LCP
  // element of most pages): without the preload the text shifts when a face arrives (decision
  // 014). The rest of each face is left to pages whose text needs it (decision 016).
  const fontPreloads = [
    ...new Set(
      Object.values(inlineCss).flatMap((css) =>
        [...css.matchAll(/url\(["']?(\/assets\/[^)"']*-core-[^)"']*\.woff2)["']?\)/g)].map(
          (match) => match[1] ?? '',
        ),
      ),
    ),
  ];
  return {
    bootstrapModules: [`/${entry.file}`],
    routeChunks,
    inlineCss,
    stylesheets: [],
    stylesheet: wholeStylesheet(clientDir),
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
  stylesheet: '',
  fontPreloads: [],
  deferScripts: false,
};
