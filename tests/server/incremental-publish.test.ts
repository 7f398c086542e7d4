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

const PAGES = ['/', '/about', '/expertise', '/showcase', '/contact', '/no-such-page'];

/** The ETag of each of `paths` now. */
const etags = async (app: TestApp, paths: readonly string[]): Promise<Record<string, string>> =>
  Object.fromEntries(
    await Promise.all(paths.map(async (p): Promise<[string, string]> => [p, await etagOf(app, p)])),
  );

describe('an incremental publish', () => {
  it('a change to one case study renders its page and the pages listing it, and no other', async () => {
    const { app, obs } = await open();
    const studies = (await app.content.read())['case-studies.yaml'];
    const [first, ...others] = studies;
    const other = others.find((s) => s.category !== first!.category)!;
    const firstPath = `/showcase/${first!.slug}`;
    const otherPath = `/showcase/${other.slug}`;
    const before = await etags(app, [...PAGES, otherPath]);
    const renderedBefore = await pagesRendered(obs);

    await publishAndWait(
      app,
      (c) => {
        c['case-studies.yaml'][0]!.outcome = 'Two hundred stories in eight weeks';
      },
      firstPath,
      10_000,
    );
    const after = await etags(app, [...PAGES, otherPath]);
    // Showcase and home list the case study's outcome; the rest never read it.
    expect(after['/showcase']).not.toBe(before['/showcase']);
    for (const path of ['/about', '/expertise', '/contact', '/no-such-page', otherPath]) {
      expect(after[path], path).toBe(before[path]);
    }
    // Its page, the case studies of its category, Showcase and Home (each page with its
    // confirmation and data answers): not the other case studies.
    const sameCategory = studies.filter((s) => s.category === first!.category).length;
    expect((await pagesRendered(obs)) - renderedBefore).toBe(sameCategory + 3 + 3);
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
