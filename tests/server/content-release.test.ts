/**
 * Pages from the published content release (docs/decisions/048-content-in-the-database.md),
 * through the app as a visitor reaches it: a release published to the store while the app runs
 * reaches its stored pages and the framework's data requests within 5 s (new bytes, new ETag), a
 * release whose page fails to render keeps the old pages, and a client navigation's data request
 * is answered from the store, cacheable like its page; each release's pages inline their own
 * critical CSS, its social cards show its titles, and each page's lastmod in the sitemap is the
 * publish time of the last release shown that changed what it shows
 * (docs/decisions/060-sitemap-lastmod-follows-releases.md, docs/decisions/093-incremental-publish.md).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastmodsOf } from '../support/sitemap.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { contentPollMs: 100 });
});
afterAll(() => t.close());

const get = (path: string) => request(t.app).get(path).set('Accept-Encoding', 'identity');

describe('pages from the published content release', () => {
  it('answers a client navigation’s data request from the store, cacheable like the page', async () => {
    const page = await get('/about');
    const data = await get('/about.data?_routes=about');
    expect(data.status).toBe(200);
    expect(data.headers['content-type']).toBe('text/x-script');
    expect(data.headers['cache-control']).toBe(page.headers['cache-control']);
    expect(data.headers['etag']).toMatch(/^"[\w-]{27}"$/);
    const again = await get('/about.data?_routes=about').set(
      'If-None-Match',
      data.headers['etag']!,
    );
    expect(again.status).toBe(304);
    expect((await get('/_.data?_routes=home')).headers['cache-control']).toBe(
      page.headers['cache-control'],
    );
  });

  it('shows a release published while it runs within 5 s: new bytes, new ETag', async () => {
    const before = await get('/about');
    const beforeData = await get('/about.data?_routes=about');
    const content = await t.content.read();
    const heading = 'A heading published while the server ran';
    content['sections.yaml']['about-team']!.heading = heading;
    const published = await t.content.publish(content, { author: 'test' });
    expect(published?.number).toBe(2);
    const started = Date.now();
    await vi.waitFor(async () => expect((await get('/about')).text).toContain(heading), {
      timeout: 5_000,
      interval: 50,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    const after = await get('/about');
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    expect(after.headers['content-security-policy']).toMatch(/script-src [^;]*'sha256-/);
    const afterData = await get('/about.data?_routes=about');
    expect(afterData.text).toContain(heading);
    expect(afterData.headers['etag']).not.toBe(beforeData.headers['etag']);
    // Pages that show nothing of the change keep their bytes.
    expect((await get('/expertise')).text).not.toContain(heading);
  });

  it('keeps the old pages when a page of the new release fails to render', async () => {
    const before = await get('/about');
    const broken = await t.content.read();
    broken['quotes.yaml'] = broken['quotes.yaml'].filter((q) => q.id !== 'about-pull-quote');
    broken['sections.yaml']['about-team']!.heading = 'Never shown';
    expect((await t.content.publish(broken, { author: 'test' }))?.number).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const during = await get('/about');
    expect(during.status).toBe(200);
    expect(during.headers['etag']).toBe(before.headers['etag']);
    expect(during.text).not.toContain('Never shown');
    // The next good release is shown.
    const fixed = await t.content.read(2);
    fixed['sections.yaml']['about-team']!.heading = 'Shown again';
    expect((await t.content.publish(fixed, { author: 'test' }))?.number).toBe(4);
    await vi.waitFor(async () => expect((await get('/about')).text).toContain('Shown again'), {
      timeout: 5_000,
      interval: 50,
    });
  });

  it('draws the social card from the title of the release shown', async () => {
    const card = () => request(t.app).get('/og/expertise.png');
    const before = await card();
    expect(before.status).toBe(200);
    expect(before.headers['content-type']).toBe('image/png');
    expect(before.headers['cache-control']).toBe(
      (await get('/expertise')).headers['cache-control'],
    );
    expect((await card().set('If-None-Match', before.headers['etag']!)).status).toBe(304);
    const content = await t.content.read();
    content['pages.yaml'].expertise.title = 'Expertise · A Title Published Today';
    await t.content.publish(content, { author: 'test' });
    await vi.waitFor(
      async () => expect((await get('/expertise')).text).toContain('A Title Published Today'),
      { timeout: 5_000, interval: 50 },
    );
    const after = await card();
    expect(after.status).toBe(200);
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    expect(Buffer.compare(after.body as Buffer, before.body as Buffer)).not.toBe(0);
    expect((await request(t.app).get('/og/not-a-page.png')).status).toBe(404);
  });

  it('inlines the critical CSS of the release shown, not of the build', async () => {
    const inline = async () =>
      /<style id="[^"]+">([\s\S]*?)<\/style>/.exec((await get('/contact')).text)?.[1];
    const before = await inline();
    // The opening-hours line is the only element of /contact with `max-w-sm`.
    expect(before).toContain('.max-w-sm{');
    const content = await t.content.read();
    delete content['sections.yaml']['contact-details']!.lede;
    await t.content.publish(content, { author: 'test' });
    await vi.waitFor(async () => expect(await inline()).not.toContain('.max-w-sm{'), {
      timeout: 5_000,
      interval: 50,
    });
    expect((await inline())?.length).toBeGreaterThan(1_000);
  });

  it('dates the sitemap by the release shown: a publish moves lastmod, a failed render does not', async () => {
    const sitemap = () => get('/sitemap.xml');
    const lastmodOf = async (path: string) => {
      const lastmods = await lastmodsOf((await sitemap()).text);
      return [...lastmods].find(([loc]) => new URL(loc).pathname === path)?.[1];
    };
    const aboutLastmod = () => lastmodOf('/about');
    const before = await sitemap();
    const shown = await t.content.publishedAt((await t.content.latest())!);
    // No later than the release shown: the last one that changed what About shows.
    expect(Date.parse((await aboutLastmod())!)).toBeLessThanOrEqual(shown);
    const expertise = await lastmodOf('/expertise');

    const content = await t.content.read();
    const heading = 'A heading the sitemap dates';
    content['sections.yaml']['about-team']!.heading = heading;
    const published = await t.content.publish(content, { author: 'test' });
    await vi.waitFor(async () => expect((await get('/about')).text).toContain(heading), {
      timeout: 5_000,
      interval: 50,
    });
    // The time the database holds for the new release, whichever instance reads it.
    const lastmod = new Date(published!.publishedAt).toISOString();
    expect(published!.publishedAt).toBeGreaterThan(shown);
    expect(await aboutLastmod()).toBe(lastmod);
    // Each page its own: Expertise shows nothing the publish changed (docs/decisions/093-incremental-publish.md).
    expect(await lastmodOf('/expertise')).toBe(expertise);
    const after = await sitemap();
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    expect(after.headers['cache-control']).toBe('public, max-age=3600');
    // Still stored with every encoding, each with its own tag.
    const br = await request(t.app).get('/sitemap.xml').set('Accept-Encoding', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.text).toBe(after.text);
    expect(br.headers['etag']).not.toBe(after.headers['etag']);

    // A release whose page fails to render is never shown, so it never dates the sitemap.
    const broken = await t.content.read();
    broken['quotes.yaml'] = broken['quotes.yaml'].filter((q) => q.id !== 'about-pull-quote');
    expect(await t.content.publish(broken, { author: 'test' })).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await aboutLastmod()).toBe(lastmod);
    expect((await sitemap()).headers['etag']).toBe(after.headers['etag']);
  });
});
