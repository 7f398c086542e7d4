/**
 * What a first load of a page downloads, read from a production build's client output: React
 * Router's browser manifest (`client/assets/manifest-<hash>.js`, the `window.__reactRouterManifest`
 * the framework writes; https://reactrouter.com/explanation/lazy-route-discovery) names each
 * route's module and the modules it imports statically, and `es-module-lexer` reads each module's
 * own imports, so lazy `import()`s are told apart from what the page preloads.
 *
 * A page's first load is what its HTML names plus what runs on every page after the first paint:
 *
 * - the browser entry and every route module of the matched branch (root → layout → page), each
 *   with its static imports (the `modulepreload` links of the HTML);
 * - the stylesheets: the manifest's `css` of those routes, and those their modules name as
 *   `/assets/*.css` (a `links()` export of a `?url` import, as `src/staff/layout.tsx` does);
 * - the hydration chunk, which `src/entry.client.tsx` imports after the first paint on every
 *   page ({@link HYDRATION_CHUNK}).
 *
 * The `import()`s of the page's own modules (not the entry's) are lazy: each listed apart with
 * what it adds, not in the first load. The entry's other `import()` is the Web Vitals library,
 * which `src/react/vitals-reporter.ts` loads on public pages only: neither counted nor listed.
 * The HTML document itself is not counted.
 *
 * Sizes are bytes as stored and as served: the `.br` and `.gz` siblings the build writes
 * (`scripts/lib/precompress.ts`), or the file's own bytes where it has none (files under 1 KiB
 * are served as they are). KiB = 1024 bytes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { init, parse } from 'es-module-lexer';
import { z } from 'zod';

/**
 * Most a staff page's first load may download, JavaScript and CSS, brotli as served, KiB
 * (docs/decisions/061-staff-pages-budget.md).
 */
export const STAFF_PAGE_BUDGET_KIB = 120;

/** Most the lazy rich-text editor may add to a page that draws it, brotli, KiB (decision 061). */
export const RICH_TEXT_EDITOR_BUDGET_KIB = 120;

/** The chunk of `src/staff/components/rich-text-tiptap.tsx`, the Tiptap editor. */
export const RICH_TEXT_EDITOR_CHUNK = /^\/assets\/rich-text-tiptap-[\w-]+\.js$/;

/** The chunk of `src/react/hydrate.tsx`, which the entry imports after the first paint. */
export const HYDRATION_CHUNK = /^\/assets\/hydrate-[\w-]+\.js$/;

const manifestRoute = z.object({
  id: z.string(),
  parentId: z.string().optional(),
  path: z.string().optional(),
  index: z.boolean().optional(),
  module: z.string(),
  imports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
  hasDefaultExport: z.boolean().optional(),
  hasErrorBoundary: z.boolean().optional(),
});

const routerManifest = z.object({
  entry: z.object({ module: z.string(), imports: z.array(z.string()), css: z.array(z.string()) }),
  routes: z.record(z.string(), manifestRoute),
  version: z.string(),
});

/** React Router's browser manifest: the entry and every route, their URLs under `/assets/`. */
export type RouterManifest = z.infer<typeof routerManifest>;
export type ManifestRoute = z.infer<typeof manifestRoute>;

/**
 * Reads React Router's browser manifest of the build whose client output is `clientDir`.
 * @throws Error when there is not exactly one `assets/manifest-*.js`, or it is not the shape
 *   above (a framework upgrade that changed it: this reader must change with it)
 */
export function readRouterManifest(clientDir: string): RouterManifest {
  const assets = join(clientDir, 'assets');
  const files = readdirSync(assets).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (files.length !== 1) {
    throw new Error(`expected one manifest-*.js in ${assets}, found ${files.length}`);
  }
  const text = readFileSync(join(assets, files[0]!), 'utf8');
  const json = /^window\.__reactRouterManifest\s*=\s*([\s\S]*?);?\s*$/.exec(text)?.[1];
  if (!json) throw new Error(`${files[0]} is not window.__reactRouterManifest=…`);
  return routerManifest.parse(JSON.parse(json));
}

/** The route and its parents, root first. @throws Error for an unknown id or parent. */
export function branchOf(manifest: RouterManifest, id: string): ManifestRoute[] {
  const branch: ManifestRoute[] = [];
  for (let at: string | undefined = id; at !== undefined;) {
    const route: ManifestRoute | undefined = manifest.routes[at];
    if (!route) throw new Error(`no route ${at} in the manifest`);
    branch.unshift(route);
    at = route.parentId;
  }
  return branch;
}

/** The URL path a route answers, its parents' segments joined (`/staff/content/:collection`). */
export function pathOf(manifest: RouterManifest, id: string): string {
  const segments = branchOf(manifest, id)
    .map((r) => r.path ?? '')
    .filter(Boolean);
  return `/${segments.join('/')}`;
}

let lexer: Promise<void> | undefined;

/** `url`'s module in `clientDir`, its static and lazy imports as `/assets/…` URLs. */
function importsOf(clientDir: string, url: string): { static: string[]; lazy: string[] } {
  const code = readFileSync(join(clientDir, url), 'utf8');
  const [imports] = parse(code);
  const found = { static: [] as string[], lazy: [] as string[] };
  for (const i of imports) {
    // d: -1 a static import, -2 import.meta, ≥ 0 an import() (n undefined when computed, as the
    // router's own loads of route modules by manifest URL are).
    if (i.d === -2 || i.n === undefined || !i.n.startsWith('./')) continue;
    (i.d === -1 ? found.static : found.lazy).push(`/assets/${i.n.slice(2)}`);
  }
  return found;
}

/** The stylesheets a module names as `/assets/*.css` strings (a `links()` of a `?url` import). */
function stylesheetsNamedBy(clientDir: string, url: string): string[] {
  const code = readFileSync(join(clientDir, url), 'utf8');
  return [...code.matchAll(/["'`](\/assets\/[\w.-]+\.css)["'`]/g)].map((m) => m[1]!);
}

/**
 * `urls` and every module they import statically (with `followLazy`, through `import()` too), and
 * the `import()`s met on the way. Call after `await moduleReader()`.
 */
function closure(clientDir: string, urls: Iterable<string>, followLazy = false) {
  const modules = new Set<string>();
  const lazy = new Set<string>();
  const queue = [...urls];
  while (queue.length) {
    const url = queue.pop()!;
    if (modules.has(url)) continue;
    modules.add(url);
    const found = importsOf(clientDir, url);
    queue.push(...found.static);
    if (followLazy) queue.push(...found.lazy);
    for (const l of found.lazy) lazy.add(l);
  }
  return { modules, lazy };
}

const staticClosure = (clientDir: string, urls: Iterable<string>) => closure(clientDir, urls);

/**
 * Every module a browser may load from `urls` in the build whose client output is `clientDir`:
 * each, and all it imports statically or through `import()`, as `/assets/…` URLs.
 * @throws Error when a module named is missing
 */
export async function everyModuleFrom(
  clientDir: string,
  urls: Iterable<string>,
): Promise<Set<string>> {
  await (lexer ??= init);
  return closure(clientDir, urls, true).modules;
}

export interface FileBytes {
  /** `/assets/…` URL. */
  url: string;
  raw: number;
  /** Brotli as served: the `.br` sibling, or `raw` when there is none. */
  br: number;
  /** gzip as served: the `.gz` sibling, or `raw` when there is none. */
  gz: number;
}

/** Sums of a set of files, bytes. */
export interface Bytes {
  raw: number;
  br: number;
  gz: number;
}

/** What a lazy `import()` brings: its module and all it imports statically but the page has. */
export interface LazyLoad {
  /** The imported module's URL. */
  url: string;
  /** The modules it adds to the page's, with their bytes. */
  files: FileBytes[];
  bytes: Bytes;
}

/** A route's first load. */
export interface FirstLoad {
  routeId: string;
  /** The URL pattern (`/staff/content/:collection/items/:key`). */
  path: string;
  js: FileBytes[];
  css: FileBytes[];
  /** Bytes of the JavaScript, of the CSS and of both. */
  jsBytes: Bytes;
  cssBytes: Bytes;
  total: Bytes;
  /** The `import()`s of the page's own modules, each with what it adds to the page. */
  lazy: LazyLoad[];
}

/** `url`'s bytes in `clientDir`, with its precompressed siblings'. */
export function fileBytes(clientDir: string, url: string): FileBytes {
  const file = join(clientDir, url);
  const raw = statSync(file).size;
  const sibling = (ext: string) =>
    existsSync(`${file}.${ext}`) ? statSync(`${file}.${ext}`).size : raw;
  return { url, raw, br: sibling('br'), gz: sibling('gz') };
}

/** The sums of `files`. */
export function sum(files: readonly FileBytes[]): Bytes {
  return files.reduce((s, f) => ({ raw: s.raw + f.raw, br: s.br + f.br, gz: s.gz + f.gz }), {
    raw: 0,
    br: 0,
    gz: 0,
  });
}

/**
 * The first load of route `id` in the build whose client output is `clientDir`.
 * @throws Error for an unknown route, or a file the manifest or a module names that is missing
 */
export async function firstLoad(
  clientDir: string,
  manifest: RouterManifest,
  id: string,
): Promise<FirstLoad> {
  await (lexer ??= init);
  const branch = branchOf(manifest, id);
  const named = [
    manifest.entry.module,
    ...manifest.entry.imports,
    ...branch.flatMap((r) => [r.module, ...(r.imports ?? [])]),
  ];
  // The entry and, after the first paint, its hydration chunk: on every page, so counted.
  const entry = staticClosure(clientDir, [manifest.entry.module, ...manifest.entry.imports]);
  const hydration = [...entry.lazy].filter((u) => HYDRATION_CHUNK.test(u));
  const shell = staticClosure(clientDir, [...entry.modules, ...hydration]).modules;
  const loaded = staticClosure(clientDir, [...named, ...hydration]);
  const css = new Set([
    ...manifest.entry.css,
    ...branch.flatMap((r) => r.css ?? []),
    ...[...loaded.modules].flatMap((u) => stylesheetsNamedBy(clientDir, u)),
  ]);
  // The pages' own lazy imports; the entry's others are the framework's (the Web Vitals library).
  const own = [...loaded.modules]
    .filter((u) => !shell.has(u))
    .flatMap((u) => importsOf(clientDir, u).lazy);
  const lazy = [...new Set(own)]
    .filter((u) => !loaded.modules.has(u))
    .sort()
    .map((url): LazyLoad => {
      const adds = [...staticClosure(clientDir, [url]).modules].filter(
        (u) => !loaded.modules.has(u),
      );
      const files = adds.sort().map((u) => fileBytes(clientDir, u));
      return { url, files, bytes: sum(files) };
    });
  const js = [...loaded.modules].sort().map((u) => fileBytes(clientDir, u));
  const sheets = [...css].sort().map((u) => fileBytes(clientDir, u));
  const jsBytes = sum(js);
  const cssBytes = sum(sheets);
  return {
    routeId: id,
    path: pathOf(manifest, id),
    js,
    css: sheets,
    jsBytes,
    cssBytes,
    total: sum([...js, ...sheets]),
    lazy,
  };
}

/**
 * The pages of the staff app: every route of `src/staff/routes/` that draws a page (its own
 * component or error boundary; the resource routes `export` and `sign-out` draw none), in the
 * manifest's order.
 */
export function staffPageRoutes(manifest: RouterManifest): string[] {
  return Object.values(manifest.routes)
    .filter((r) => r.id.startsWith('staff/routes/') && (r.hasDefaultExport || r.hasErrorBoundary))
    .map((r) => r.id);
}
