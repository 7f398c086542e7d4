/**
 * `npm run bench:publish`: how long a content publish takes to reach visitors
 * (docs/decisions/048-content-in-the-database.md, docs/decisions/059-release-poll-every-second.md:
 * servers look for a new release every second and
 * render it beside the old pages). On two production servers sharing one PostgreSQL
 * (`scripts/lib/two-instances.ts`, a throwaway server or BENCH_DATABASE_URL) and on one server
 * over SQLite, it publishes BENCH_PUBLISHES (20) small changes in turn through the content store
 * (a service title), each after a random pause of 0–5 s so publishes fall anywhere in the
 * servers' polling period, and polls `/expertise` on every instance every 50 ms until it shows
 * the change: publish → visible per instance. It also reads each release's render time from the
 * servers' log line (`renderMs` of "pages of a new content release stored"; the same figure is
 * the `content_release_render_seconds` histogram). Prints p50, p95 and max in ms; asserts
 * nothing. The machine's load moves every figure: compare runs made one after the other.
 *
 * With BENCH_CASE_STUDIES / BENCH_NEWS, the database first gets that many generated items
 * (`seed-demo`, `src/server/content/seed-demo.ts`) and each publish changes one generated case
 * study's outcome, polled on its own page: a publish renders only the pages that show it
 * (docs/decisions/093-incremental-publish.md), and the pages each release rendered are printed.
 *
 * On a large site it then measures, on a server of its own on the same store started as the
 * image runs it (`dist/server/server.js` with the `Dockerfile`'s flags; its item page cache
 * BENCH_CACHE_MB, default 64 as `ITEM_PAGE_CACHE_MB`): its resident memory (RSS of its
 * process, from `/proc`) idle beside a server of the seed's content started the same way; every
 * item page's first request (never seen before: p50, p99, max) while the RSS is sampled every
 * 100 ms; then a change to one case study's body and a new newsroom item, each followed by a
 * second request of every item page: how many stored responses the release rendered (its log
 * line), how many kept item pages it dropped, and how many item pages answer another ETag.
 *
 * Env: BENCH_PUBLISHES (20), BENCH_STORES (postgres,sqlite), BENCH_CASE_STUDIES, BENCH_NEWS (0),
 * BENCH_CACHE_MB (64),
 * BENCH_DATABASE_URL (a PostgreSQL that allows CREATE DATABASE), BENCH_OUT_DIR /
 * BENCH_SKIP_BUILD=1 (`bench/lib/bench-server.ts`).
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openContentStore } from '../src/server/content/source.ts';
import type { ContentStore } from '../src/server/content/store.ts';
import { seedDemo } from '../src/server/content/seed-demo.ts';
import { storeEnvSchema } from '../src/server/env.ts';
import { startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { startThrowawayPostgres } from '../scripts/lib/postgres.ts';
import { startTwoInstances } from '../scripts/lib/two-instances.ts';
import { benchBuild } from './lib/bench-server.ts';
import { fmt } from './lib/bench-stats.ts';

const PUBLISHES = Number(process.env['BENCH_PUBLISHES'] ?? 20);
const STORES = (process.env['BENCH_STORES'] ?? 'postgres,sqlite').split(',');
const DEMO = {
  caseStudies: Number(process.env['BENCH_CASE_STUDIES'] ?? 0),
  news: Number(process.env['BENCH_NEWS'] ?? 0),
};
const LARGE = DEMO.caseStudies > 0;
const CACHE_MB = Number(process.env['BENCH_CACHE_MB'] ?? 64);
const POLL_MS = 50;
/** Longer than the servers' 5 s poll plus a slow render: a miss is reported, not waited for. */
const GIVE_UP_MS = 30_000;

/** The `q`-quantile of `xs` (nearest rank); NaN when empty. */
function quantile(xs: readonly number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

const row = (label: string, xs: readonly number[]) =>
  `  ${label.padEnd(34)} ${fmt(quantile(xs, 0.5)).padStart(7)} ${fmt(quantile(xs, 0.95)).padStart(7)} ${fmt(Math.max(...xs)).padStart(7)}   n=${xs.length}`;

interface ReleaseRender {
  ms: number;
  rendered: number;
  itemPagesDropped: number;
}

/** Render time (ms) and pages rendered of releases after the first, from a server's log. */
function renderTimes(logs: string): Map<number, ReleaseRender> {
  const times = new Map<number, ReleaseRender>();
  for (const line of logs.split('\n')) {
    if (!line.includes('pages of a new content release stored')) continue;
    try {
      const { release, renderMs, rendered, itemPagesDropped } = JSON.parse(line) as {
        release: number;
        renderMs: number;
        rendered: number;
        itemPagesDropped?: number;
      };
      times.set(release, { ms: renderMs, rendered, itemPagesDropped: itemPagesDropped ?? 0 });
    } catch {
      // not a log line of the server's JSON logger
    }
  }
  return times;
}

/**
 * Publishes a new title of the first service (or, on a large site, a new outcome of one
 * generated case study); resolves once the release is committed, with the path that shows it.
 */
async function publishChange(
  store: ContentStore,
  n: number,
): Promise<{ marker: string; path: string }> {
  const content = await store.read();
  if (LARGE) {
    const studies = content['case-studies.yaml'];
    const demo = studies.filter((s) => s.id.startsWith('demo-'));
    const study = demo[(n * 7919) % demo.length]!;
    const marker = `Bench outcome ${n}, ${Date.now()}`;
    content['case-studies.yaml'] = studies.map((s) =>
      s === study ? { ...s, outcome: marker } : s,
    );
    if (!(await store.publish(content, { author: 'bench:publish' })))
      throw new Error('nothing published');
    return { marker, path: `/showcase/${study.slug}` };
  }
  const marker = `Media relations (bench ${n}, ${Date.now()})`;
  const [first, ...rest] = content['services.yaml'];
  if (!first) throw new Error('no service to change');
  content['services.yaml'] = [{ ...first, title: marker }, ...rest];
  const release = await store.publish(content, { author: 'bench:publish' });
  if (!release) throw new Error('nothing published');
  return { marker, path: '/expertise' };
}

/** ms until `url` serves a body with `marker`, polling every 50 ms; NaN past {@link GIVE_UP_MS}. */
async function visibleAfter(url: string, marker: string, start: number): Promise<number> {
  for (;;) {
    const body = await fetch(url).then(
      (r) => r.text(),
      () => '',
    );
    if (body.includes(marker)) return performance.now() - start;
    if (performance.now() - start > GIVE_UP_MS) return NaN;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** MiB resident of process `pid` now (`VmRSS` of `/proc/<pid>/status`); NaN when unknown. */
function rssMib(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024;
  } catch {
    return NaN;
  }
}

/** Every item page's path in the store's newest release. */
async function itemPagePaths(store: ContentStore): Promise<string[]> {
  const content = await store.read();
  return [
    ...content['case-studies.yaml'].map((s) => `/showcase/${s.slug}`),
    ...content['news.yaml'].map((n) => `/news/${n.slug}`),
  ];
}

/** GETs every path in turn (brotli, as browsers ask): ms each and the ETag each answered. */
async function crawl(url: string, paths: readonly string[]) {
  const ms: number[] = [];
  const etags = new Map<string, string>();
  for (const path of paths) {
    const start = performance.now();
    const response = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'br' } });
    await response.arrayBuffer();
    ms.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    // The body's tag, whichever brotli strength answered (`src/server/stored-pages.ts`).
    etags.set(path, (response.headers.get('etag') ?? '').replace(/-(?:br\d*|gz)"$/, '"'));
  }
  return { ms, etags };
}

const differing = (a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>) =>
  [...a].filter(([path, tag]) => b.get(path) !== tag).length;

/** Waits until `server` has logged release `n` stored; its figures. */
async function releaseStored(server: RunningServer, n: number): Promise<ReleaseRender> {
  for (let waited = 0; waited < GIVE_UP_MS; waited += POLL_MS) {
    const found = renderTimes(server.logs()).get(n);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`release ${n} not stored within ${GIVE_UP_MS} ms`);
}

/** RSS (MiB) of a server started as in the container on `storeEnv`, once idle for 10 s. */
async function idleServer(storeEnv: Record<string, string>, logLevel = 'warn') {
  const server = await startServer(
    buildDir,
    { ...storeEnv, LOG_LEVEL: logLevel, ITEM_PAGE_CACHE_MB: String(CACHE_MB) },
    { asInContainer: true },
  );
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  return { server, idle: rssMib(server.proc.pid) };
}

/**
 * Memory, first requests and what one body change and one new item render (see the header), on
 * a server of its own on the store `storeEnv` names, started as in the container.
 */
async function measureLarge(storeEnv: Record<string, string>, store: ContentStore) {
  const seedDir = mkdtempSync(join(tmpdir(), 'bench-publish-seed-'));
  const seed = await idleServer({ DATA_DIR: seedDir });
  const seedIdle = seed.idle;
  await seed.server.stop();
  rmSync(seedDir, { recursive: true, force: true });
  const { server, idle } = await idleServer(storeEnv, 'info');
  const { url } = server;
  const pid = server.proc.pid;
  const paths = await itemPagePaths(store);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMib(pid))), 100);
  const first = await crawl(url, paths);
  clearInterval(sampler);
  const afterCrawl = rssMib(pid);
  console.log(
    `\n  memory (RSS, MiB): seed content idle ${fmt(seedIdle)}; ${paths.length} items idle ${fmt(idle)} (+${fmt(idle - seedIdle)}), peak while every item page is first rendered ${fmt(peak)}, after ${fmt(afterCrawl)}`,
  );
  console.log(
    `  ${''.padEnd(34)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}   (ms)`,
  );
  const q = first.ms;
  console.log(
    `  ${'item page, first request'.padEnd(34)} ${fmt(quantile(q, 0.5)).padStart(7)} ${fmt(quantile(q, 0.99)).padStart(7)} ${fmt(Math.max(...q)).padStart(7)}   n=${q.length}`,
  );
  const again = await crawl(url, paths);
  console.log(
    `  ${'item page, kept'.padEnd(34)} ${fmt(quantile(again.ms, 0.5)).padStart(7)} ${fmt(quantile(again.ms, 0.99)).padStart(7)} ${fmt(Math.max(...again.ms)).padStart(7)}   n=${again.ms.length}`,
  );

  const content = await store.read();
  const study = content['case-studies.yaml'].find((s) => s.id.startsWith('demo-'))!;
  content['case-studies.yaml'] = content['case-studies.yaml'].map((s) =>
    s === study ? { ...s, sector: `Bench sector ${Date.now()}` } : s,
  );
  const bodyRelease = await store.publish(content, { author: 'bench:publish' });
  if (!bodyRelease) throw new Error('nothing published');
  const body = await releaseStored(server, bodyRelease.number);
  const afterBody = await crawl(url, paths);
  console.log(
    `  one case study's body changed: ${body.rendered} responses rendered at the publish, ${body.itemPagesDropped} kept item pages dropped, ${differing(again.etags, afterBody.etags)} of ${paths.length} item pages answer another ETag`,
  );

  const next = await store.read();
  const [newest] = [...next['news.yaml']].sort((a, b) => (a.date < b.date ? 1 : -1));
  const added = {
    ...newest!,
    id: `bench-${Date.now()}`,
    slug: `bench-item-${Date.now()}`,
    title: 'A new item for bench:publish',
    date: newest!.date,
  };
  next['news.yaml'] = [...next['news.yaml'], added];
  const newRelease = await store.publish(next, { author: 'bench:publish' });
  if (!newRelease) throw new Error('nothing published');
  const created = await releaseStored(server, newRelease.number);
  const afterNew = await crawl(url, paths);
  console.log(
    `  a new newsroom item: ${created.rendered} responses rendered at the publish, ${created.itemPagesDropped} kept item pages dropped, ${differing(afterBody.etags, afterNew.etags)} of ${paths.length} item pages answer another ETag`,
  );
  await server.stop();
}

interface Run {
  label: string;
  urls: readonly string[];
  store: ContentStore;
  /** The environment naming the store (`DATA_DIR` or `DATABASE_URL`), for another server on it. */
  storeEnv: Record<string, string>;
  servers: readonly RunningServer[];
}

async function measure({ label, urls, store, storeEnv, servers }: Run): Promise<void> {
  if (LARGE) {
    const seeded = await seedDemo(store, DEMO, true);
    if (seeded === 'refused' || !seeded.release) throw new Error('seed-demo published nothing');
    const study = (await store.read())['case-studies.yaml'].at(-1)!;
    const start = performance.now();
    const ms = await Promise.all(
      urls.map((url) => visibleAfter(`${url}/showcase/${study.slug}`, study.title, start)),
    );
    console.log(
      `\n${label}: seed-demo ${DEMO.caseStudies} case studies, ${DEMO.news} news items: ` +
        `made ${seeded.seedMs} ms, published ${seeded.publishMs} ms, visible ${ms.map((m) => fmt(m)).join(' / ')} ms`,
    );
  }
  console.log(`\n${label}: ${PUBLISHES} publishes …`);
  const visible = urls.map(() => [] as number[]);
  const both: number[] = [];
  let missed = 0;
  for (let n = 1; n <= PUBLISHES; n++) {
    await new Promise((resolve) => setTimeout(resolve, randomInt(5_000)));
    const { marker, path } = await publishChange(store, n);
    const start = performance.now();
    const ms = await Promise.all(urls.map((url) => visibleAfter(`${url}${path}`, marker, start)));
    if (ms.some(Number.isNaN)) missed += 1;
    ms.forEach((m, i) => Number.isFinite(m) && visible[i]?.push(m));
    if (ms.every(Number.isFinite)) both.push(Math.max(...ms));
    process.stdout.write('.');
  }
  console.log(
    `\n  ${''.padEnd(34)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}   (ms)`,
  );
  visible.forEach((xs, i) => console.log(row(`publish → visible, instance ${i + 1}`, xs)));
  if (urls.length > 1) console.log(row('publish → visible on all', both));
  servers.forEach((server, i) => {
    const times = [...renderTimes(server.logs()).values()].slice(LARGE ? 1 : 0);
    console.log(
      row(
        `render of the site, instance ${i + 1}`,
        times.map((t) => t.ms),
      ),
    );
    console.log(
      row(
        `pages rendered, instance ${i + 1}`,
        times.map((t) => t.rendered),
      ),
    );
  });
  if (missed) console.log(`  ${missed} publish(es) not visible within ${GIVE_UP_MS} ms`);
  if (LARGE) await measureLarge(storeEnv, store);
}

const buildDir = benchBuild();
console.log(
  `bench:publish — ${PUBLISHES} publishes per store, polling every ${POLL_MS} ms. A shared, ` +
    'noisy machine moves these figures; the servers look for a release every second.',
);

if (STORES.includes('postgres')) {
  const given = process.env['BENCH_DATABASE_URL'];
  const pg = given ? undefined : await startThrowawayPostgres();
  const two = await startTwoInstances({
    buildDir,
    adminUrl: given ?? pg!.url,
    env: { LOG_LEVEL: 'info', ITEM_PAGE_CACHE_MB: String(CACHE_MB) },
  });
  const { store, close } = openContentStore(
    storeEnvSchema.parse({ DATABASE_URL: two.databaseUrl }),
  );
  try {
    await measure({
      label: 'PostgreSQL, two instances',
      urls: two.urls,
      store,
      storeEnv: { DATABASE_URL: two.databaseUrl },
      servers: two.instances,
    });
  } finally {
    await close();
    await two.stop();
    pg?.stop();
  }
}

if (STORES.includes('sqlite')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-publish-'));
  const server = await startServer(buildDir, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ITEM_PAGE_CACHE_MB: String(CACHE_MB),
  });
  const { store, close } = openContentStore(storeEnvSchema.parse({ DATA_DIR: dataDir }));
  try {
    await measure({
      label: 'SQLite, one instance',
      urls: [server.url],
      store,
      storeEnv: { DATA_DIR: dataDir },
      servers: [server],
    });
  } finally {
    await close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
