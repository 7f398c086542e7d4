/**
 * The client files a page references: from Vite's manifest (`<build>/client/.vite/manifest.json`)
 * in production, from Vite's dev server in development.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientAssets } from '../entry-server.tsx';

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Each page's critical CSS by route module, written by the build (`scripts/lib/critical-css.ts`). */
export const CRITICAL_CSS_FILE = '.vite/critical-css.json';

const CLIENT_ENTRY = 'src/entry-client.tsx';
const STYLESHEET_MODULE = 'src/styles/stylesheet.ts';

const readManifest = (clientDir: string) =>
  JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;

/** A chunk's file and its static imports, transitively, in load order. */
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
 * @returns `/assets/stylesheet-….css`
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
    // The entry's chunks first, but not the entry: React preloads the bootstrap module itself.
    const chunks = new Set([...entryChunks, ...chunkClosure(manifest, key)]);
    chunks.delete(`/${entry.file}`);
    routeChunks[key] = [...chunks];
  }
  const inlineCss = JSON.parse(readFileSync(join(clientDir, CRITICAL_CSS_FILE), 'utf8')) as Record<
    string,
    string
  >;
  // The core file of both faces, or the text shifts when one arrives
  // (docs/decisions/014-rendering-work-and-fonts-on-phones.md); the rest waits until text needs it.
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

/** Vite serves the sources and injects its HMR client. */
export const DEVELOPMENT_ASSETS: ClientAssets = {
  bootstrapModules: ['/@vite/client', `/${CLIENT_ENTRY}`],
  routeChunks: {},
  inlineCss: {},
  stylesheets: ['/src/styles/global.css'],
  stylesheet: '',
  fontPreloads: [],
  deferScripts: false,
};
