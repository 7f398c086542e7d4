/**
 * `npm run bench:staff`: what a first load of each staff page downloads, against the staff
 * pages' budget (docs/decisions/061-staff-pages-budget.md). For every page route under
 * `src/staff/routes/` (the inbox's and the content editor's), from the production build's React
 * Router manifest and its modules' imports (`scripts/lib/route-bytes.ts`): the JavaScript (the
 * browser entry, the hydration chunk, the root, the staff layout and the page's module with all
 * they import statically) and the CSS (the staff stylesheet), raw, gzip and brotli as served, in
 * KiB, and the total against {@link STAFF_PAGE_BUDGET_KIB}. The rich-text editor, which a page
 * loads with `import()` only when it draws a rich-text field, is printed apart with its own
 * budget. Bytes only, no timing; nothing asserted (`tests/server/staff-budget.test.ts` does).
 *
 * Env: BENCH_OUT_DIR (default .builds/bench), BENCH_SKIP_BUILD=1 (reuse the build there;
 * `bench/lib/bench-server.ts`).
 * @throws Error when the build fails or its manifest is not React Router's (the run exits 1)
 */
import { join } from 'node:path';
import { benchBuild } from './lib/bench-server.ts';
import {
  firstLoad,
  readRouterManifest,
  RICH_TEXT_EDITOR_BUDGET_KIB,
  RICH_TEXT_EDITOR_CHUNK,
  STAFF_PAGE_BUDGET_KIB,
  staffPageRoutes,
  sum,
  type Bytes,
  type FileBytes,
  type LazyLoad,
} from '../scripts/lib/route-bytes.ts';

const clientDir = join(benchBuild(), 'client');
const manifest = readRouterManifest(clientDir);

const kib = (n: number) => (n / 1024).toFixed(1);
const cells = (b: Bytes) => `${kib(b.raw)} | ${kib(b.gz)} | ${kib(b.br)}`;

console.log(
  `\nFirst load of each staff page (KiB; gzip and brotli as served; budget ${STAFF_PAGE_BUDGET_KIB} KiB brotli, JS + CSS)\n`,
);
console.log(
  '| page | files | JS raw | JS gzip | JS br | CSS raw | CSS gzip | CSS br | total raw | total gzip | total br | budget |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
const over: string[] = [];
const editors = new Map<string, { load: LazyLoad; pages: string[] }>();
let largest = 0;
let shared: Map<string, FileBytes> | undefined;
for (const id of staffPageRoutes(manifest)) {
  const page = await firstLoad(clientDir, manifest, id);
  const files = [...page.js, ...page.css];
  shared = new Map(files.filter((f) => !shared || shared.has(f.url)).map((f) => [f.url, f]));
  const met = page.total.br <= STAFF_PAGE_BUDGET_KIB * 1024;
  if (!met) over.push(page.path);
  largest = Math.max(largest, page.total.br);
  console.log(
    `| ${page.path} | ${page.js.length} + ${page.css.length} | ${cells(page.jsBytes)} | ` +
      `${cells(page.cssBytes)} | ${cells(page.total)} | ${met ? 'met' : 'OVER'} |`,
  );
  for (const load of page.lazy.filter((l) => RICH_TEXT_EDITOR_CHUNK.test(l.url))) {
    const seen = editors.get(load.url) ?? { load, pages: [] };
    seen.pages.push(page.path);
    editors.set(load.url, seen);
  }
}

const common = sum([...(shared?.values() ?? [])]);
console.log(
  `\nEvery staff page shares ${shared?.size ?? 0} of these files (the entry, hydration, root, ` +
    `staff layout and stylesheet): ${kib(common.raw)} KiB raw, ${kib(common.gz)} KiB gzip, ` +
    `${kib(common.br)} KiB brotli.`,
);

console.log(
  `\nThe rich-text editor, loaded with import() where a rich-text field is drawn (budget ${RICH_TEXT_EDITOR_BUDGET_KIB} KiB brotli)\n`,
);
if (editors.size === 0) console.log('No page imports the editor lazily.');
for (const { load, pages } of editors.values()) {
  const met = load.bytes.br <= RICH_TEXT_EDITOR_BUDGET_KIB * 1024;
  if (!met) over.push(load.url);
  console.log(
    `${load.url}${load.files.length > 1 ? ` and the ${load.files.length - 1} module(s) it adds` : ''}: ` +
      `${kib(load.bytes.raw)} KiB, ` +
      `${kib(load.bytes.gz)} KiB gzip, ${kib(load.bytes.br)} KiB brotli — ${met ? 'met' : 'OVER'}` +
      `\n  may be loaded by: ${pages.join(', ')}`,
  );
}

console.log(
  over.length === 0
    ? `\nBudget met: the largest first load is ${kib(largest)} KiB of ${STAFF_PAGE_BUDGET_KIB} KiB brotli.`
    : `\nBudget MISSED by: ${over.join('; ')}`,
);
