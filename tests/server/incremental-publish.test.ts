/**
 * A publish renders again only the stored pages that show what it changed
 * (docs/decisions/093-incremental-publish.md), counted by `content_release_pages_rendered_total`;
 * every other page keeps its bytes and ETag.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  createMetricsApp,
  createObservability,
  type Observability,
} from '../../src/server/observability.ts';
import { appPerTest, getPage, publishAndWait } from './support/publishing.ts';
import type { TestApp } from './support/test-app.ts';

const openApp = appPerTest();
const etagOf = async (app: TestApp, path: string) =>
  (await getPage(app, path)).headers['etag'] as string;

/** A test app whose metrics the test reads. */
async function open(): Promise<{ app: TestApp; obs: Observability }> {
  let obs: Observability | undefined;
  const app = await openApp({ observability: (runtime) => (obs = createObservability(runtime)) });
  return { app, obs: obs! };
}

/** `content_release_pages_rendered_total` now. */
async function pagesRendered(obs: Observability): Promise<number> {
  const text = (await request(createMetricsApp(obs)).get('/metrics')).text;
  return Number(/^content_release_pages_rendered_total (\d+)/m.exec(text)?.[1] ?? NaN);
}

/** `item_page_render_seconds_count` now: item pages rendered on request. */
async function itemPagesRendered(obs: Observability): Promise<number> {
  const text = (await request(createMetricsApp(obs)).get('/metrics')).text;
  return Number(/^item_page_render_seconds_count (\d+)/m.exec(text)?.[1] ?? NaN);
}

const PAGES = ['/', '/about', '/expertise', '/showcase', '/contact', '/no-such-page'];

/** The ETag of each of `paths` now. */
const etags = async (app: TestApp, paths: readonly string[]): Promise<Record<string, string>> =>
  Object.fromEntries(
    await Promise.all(paths.map(async (p): Promise<[string, string]> => [p, await etagOf(app, p)])),
  );

describe('an incremental publish', () => {
  it('a change to one case study renders Showcase at the publish, and on request its page and those listing it', async () => {
    const { app, obs } = await open();
    const studies = (await app.content.read())['case-studies.yaml'];
    const [first, ...others] = studies;
    const same = others.find((s) => s.category === first!.category)!;
    const other = others.find((s) => s.category !== first!.category)!;
    const [firstPath, samePath, otherPath] = [first!, same, other].map(
      (s) => `/showcase/${s.slug}`,
    );
    const before = await etags(app, [...PAGES, firstPath!, samePath!, otherPath!]);
    const renderedBefore = await pagesRendered(obs);

    await publishAndWait(
      app,
      (c) => {
        c['case-studies.yaml'][0]!.outcome = 'Two hundred stories in eight weeks';
      },
      firstPath!,
      10_000,
    );
    // Showcase shows the case study's outcome; Home lists only titles; the rest never read it.
    expect((await pagesRendered(obs)) - renderedBefore).toBe(3);
    const itemRendersBefore = await itemPagesRendered(obs);
    const after = await etags(app, [...PAGES, firstPath!, samePath!, otherPath!]);
    expect(after['/showcase']).not.toBe(before['/showcase']);
    for (const path of ['/', '/about', '/expertise', '/contact', '/no-such-page', otherPath!]) {
      expect(after[path], path).toBe(before[path]);
    }
    // Its own page and those of its category ("more work" shows outcomes), rendered on request.
    expect(after[samePath!]).not.toBe(before[samePath!]);
    expect((await itemPagesRendered(obs)) - itemRendersBefore).toBe(1);
  });

  it('a change to a case study body no list shows renders its own page only', async () => {
    const { app, obs } = await open();
    const studies = (await app.content.read())['case-studies.yaml'];
    const paths = studies.map((s) => `/showcase/${s.slug}`);
    const before = await etags(app, [...PAGES, ...paths]);
    const renderedBefore = await pagesRendered(obs);
    await publishAndWait(
      app,
      (c) => {
        c['case-studies.yaml'][0]!.sector = 'A sector changed for this test';
      },
      paths[0]!,
      10_000,
    );
    expect((await pagesRendered(obs)) - renderedBefore).toBe(0);
    const after = await etags(app, [...PAGES, ...paths]);
    const changed = Object.keys(after).filter((path) => after[path] !== before[path]);
    expect(changed).toEqual([paths[0]]);
  });

  it('a change to a section of About renders About only', async () => {
    const { app, obs } = await open();
    const before = await etags(app, PAGES);
    const renderedBefore = await pagesRendered(obs);
    await publishAndWait(
      app,
      (c) => {
        const key = Object.keys(c['sections.yaml']).find((k) => k.startsWith('about-'))!;
        c['sections.yaml'][key]!.heading = 'A heading changed for this test';
      },
      '/about',
      10_000,
    );
    const after = await etags(app, PAGES);
    for (const path of PAGES.filter((p) => p !== '/about')) {
      expect(after[path], path).toBe(before[path]);
    }
    // `/about`, `/about?sent=1` and `/about.data`.
    expect((await pagesRendered(obs)) - renderedBefore).toBe(3);
  });
});
