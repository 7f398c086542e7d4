/**
 * Case studies on the public site (docs/decisions/080-case-studies-and-their-slugs.md): each a
 * stored page at `/showcase/<slug>` with its own head, listed on `/showcase` under its category,
 * linked from home and in the sitemap; an unknown slug is the 404 page; a changed slug answers
 * 301 to the current page in one hop and a removed case study 410; and a case study is published
 * only with the client's approval. Each test publishes on an app of its own.
 */
import { describe, expect, it } from 'vitest';
import type { Content } from '../../src/content/collections.ts';
import { appPerTest, getPage, publishAndWait } from './support/publishing.ts';
import type { TestApp } from './support/test-app.ts';

const open = appPerTest();

/** As React writes text into HTML. */
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const SNEAKERS = '/showcase/a-home-grown-sneaker-label-goes-national';

/**
 * Publishes `change` of the newest content and waits until `/showcase` shows it (every change
 * here changes `/showcase`: a card's link, or a card gone).
 */
const publish = (app: TestApp, change: (content: Content) => void) =>
  publishAndWait(app, change, '/showcase');

const rename = (content: Content, id: string, slug: string) => {
  const study = content['case-studies.yaml'].find((s) => s.id === id)!;
  study.slug = slug;
};

describe('a category with more case studies than Showcase shows', () => {
  it('shows its first six on /showcase and links its own listing, twelve a page, with prev and next', async () => {
    const app = await open();
    const seeded = await app.content.read();
    const category = seeded['showcase.yaml'][0]!.id;
    const [model] = seeded['case-studies.yaml'].filter((s) => s.category === category);
    const seedCount = seeded['case-studies.yaml'].filter((s) => s.category === category).length;
    const extra = 16 - seedCount;
    await publish(app, (c) => {
      for (let i = 0; i < extra; i++) {
        c['case-studies.yaml'].push({
          ...model!,
          id: `more-${i}`,
          slug: `more-work-${i}`,
          title: `More work ${i}`,
        });
      }
    });
    const html = (await getPage(app, '/showcase')).text;
    const start = html.indexOf(`id="${category}"`);
    const section = html.slice(start, html.indexOf('</section>', start));
    expect([...section.matchAll(/href="\/showcase\/[a-z0-9-]+"/g)]).toHaveLength(6);
    expect(section).toContain(`href="/showcase/category/${category}"`);
    expect(section).toContain('All 16 case studies');

    const first = await getPage(app, `/showcase/category/${category}`);
    expect(first.status).toBe(200);
    expect([...first.text.matchAll(/<h3[^>]*><a href="\/showcase\/[a-z0-9-]+"/g)]).toHaveLength(12);
    expect(first.text).toContain(
      `<link rel="canonical" href="${app.env.SITE_URL}/showcase/category/${category}"/>`,
    );
    expect(first.text).toContain(
      `<link rel="next" href="${app.env.SITE_URL}/showcase/category/${category}/page/2"/>`,
    );
    const second = await getPage(app, `/showcase/category/${category}/page/2`);
    expect(second.status).toBe(200);
    expect(second.text).toContain('More work 13');
    expect(second.text).toContain(
      `<link rel="prev" href="${app.env.SITE_URL}/showcase/category/${category}"/>`,
    );
    // No third page, no page 1 under a second name, no listing of a category Showcase shows whole.
    const other = seeded['showcase.yaml'][1]!.id;
    for (const path of [
      `/showcase/category/${category}/page/3`,
      `/showcase/category/${category}/page/1`,
      `/showcase/category/${other}`,
      '/showcase/category/no-such-category',
    ]) {
      expect((await getPage(app, path)).status, path).toBe(404);
    }
  });
});

describe('case study pages', () => {
  it('/showcase lists every case study under its category, each card linking to its page', async () => {
    const app = await open();
    const html = (await getPage(app, '/showcase')).text;
    const content = await app.content.read();
    for (const category of content['showcase.yaml']) {
      const start = html.indexOf(`id="${category.id}"`);
      const section = html.slice(start, html.indexOf('</section>', start));
      const links = [...section.matchAll(/href="(\/showcase\/[a-z0-9-]+)"/g)].map((m) => m[1]);
      const studies = content['case-studies.yaml'].filter((s) => s.category === category.id);
      expect(links, category.id).toEqual(studies.map((s) => `/showcase/${s.slug}`));
      for (const study of studies) expect(section).toContain(escaped(study.outcome));
    }
    // Home's showcase cards link to the pages too.
    const home = (await getPage(app, '/')).text;
    for (const study of content['case-studies.yaml']) {
      expect(home).toContain(`href="/showcase/${study.slug}"`);
    }
  });

  it('renders a case study as a stored page with its own title, description, canonical URL and JSON-LD', async () => {
    const app = await open();
    const page = await getPage(app, SNEAKERS);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.text;
    expect(html).toMatch(
      /<h1 id="page-heading"[^>]*>A home-grown sneaker label goes national<\/h1>/,
    );
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain('<title>A home-grown sneaker label goes national</title>');
    expect(html).toContain(`<link rel="canonical" href="${app.env.SITE_URL}${SNEAKERS}"/>`);
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(description).toMatch(/^A Jaipur footwear start-up had a loyal Instagram following/);
    expect(description.length).toBeLessThanOrEqual(160);
    const jsonLd = [
      ...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
    ].map(
      (m) => JSON.parse(m[1]!) as { '@type': string; name?: string; itemListElement?: unknown[] },
    );
    expect(jsonLd.map((j) => j['@type'])).toEqual([
      'ProfessionalService',
      'CreativeWork',
      'BreadcrumbList',
    ]);
    expect(jsonLd[1]?.name).toBe('A home-grown sneaker label goes national');
    expect(jsonLd[2]?.itemListElement).toHaveLength(3);
    // The results with their sources, the practices linked to Expertise.
    expect(html).toContain('Agency media monitoring (print, online and broadcast)');
    expect(html).toContain('href="/expertise#brand-storytelling"');
    // Stored: the same bytes and tag again, and a 304 for the tag.
    const again = await getPage(app, SNEAKERS);
    expect(again.headers['etag']).toBe(page.headers['etag']);
    expect(again.text).toBe(html);
    const revalidated = await getPage(app, SNEAKERS).set('If-None-Match', page.headers['etag']!);
    expect(revalidated.status).toBe(304);
  });

  it('answers an unknown slug with the stored 404 page, and lists the pages in the sitemap', async () => {
    const app = await open();
    const unknown = await getPage(app, '/showcase/no-such-study');
    const notFound = await getPage(app, '/no-such-page');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe(notFound.text);
    const sitemap = (await getPage(app, '/sitemap.xml')).text;
    const content = await app.content.read();
    for (const study of content['case-studies.yaml']) {
      expect(sitemap).toContain(`<loc>${app.env.SITE_URL}/showcase/${study.slug}</loc>`);
    }
  });
});

describe('slugs that never break', () => {
  it('answers an old slug with 301 to the current page in one hop, and takes a slug back', async () => {
    const app = await open();
    const id = 'consumer-lifestyle-1';
    await publish(app, (c) => rename(c, id, 'sneakers-go-national'));
    await publish(app, (c) => rename(c, id, 'jaipur-sneakers'));

    for (const old of [SNEAKERS, '/showcase/sneakers-go-national']) {
      const moved = await getPage(app, old);
      expect(moved.status, old).toBe(301);
      expect(moved.headers['location']).toBe('/showcase/jaipur-sneakers');
    }
    expect((await getPage(app, '/showcase/jaipur-sneakers')).status).toBe(200);
    expect((await getPage(app, '/showcase')).text).toContain('href="/showcase/jaipur-sneakers"');
    expect((await getPage(app, '/sitemap.xml')).text).not.toContain(SNEAKERS);

    // Renamed back: the first slug is the page again, the others point at it.
    await publish(app, (c) => rename(c, id, 'a-home-grown-sneaker-label-goes-national'));
    expect((await getPage(app, SNEAKERS)).status).toBe(200);
    const back = await getPage(app, '/showcase/jaipur-sneakers');
    expect(back.status).toBe(301);
    expect(back.headers['location']).toBe(SNEAKERS);
  });

  it('gives a case study a social card of its own, kept by its id across a new slug, drawn anew for a new title', async () => {
    const app = await open();
    const id = 'consumer-lifestyle-1';
    const cardOf = (html: string) =>
      /<meta property="og:image" content="https?:\/\/[^/"]+(\/og\/[^"]+)"/.exec(html)?.[1];
    const card = cardOf((await getPage(app, SNEAKERS)).text);
    expect(card).toBe(`/og/case-study/${id}.png`);
    const first = await getPage(app, card!);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');

    await publish(app, (c) => rename(c, id, 'jaipur-sneakers'));
    expect(cardOf((await getPage(app, '/showcase/jaipur-sneakers')).text)).toBe(card);
    expect((await getPage(app, card!)).headers['etag']).toBe(first.headers['etag']);
    await publish(app, (c) => {
      c['case-studies.yaml'].find((s) => s.id === id)!.title = 'Sneakers from Jaipur, everywhere';
      rename(c, id, 'sneakers-from-jaipur');
    });
    expect((await getPage(app, card!)).headers['etag']).not.toBe(first.headers['etag']);
    expect((await getPage(app, '/og/case-study/no-such-study.png')).status).toBe(404);
  });

  it('gives an old slug to another case study that takes it: the live page wins', async () => {
    const app = await open();
    await publish(app, (c) => rename(c, 'consumer-lifestyle-1', 'sneakers'));
    await publish(app, (c) =>
      rename(c, 'consumer-lifestyle-2', 'a-home-grown-sneaker-label-goes-national'),
    );
    const page = await getPage(app, SNEAKERS);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Reintroducing a 60-year-old spice brand');
    // The spice brand's own old slug now points at it.
    const old = await getPage(app, '/showcase/reintroducing-a-60-year-old-spice-brand');
    expect(old.headers['location']).toBe(SNEAKERS);
  });

  it('answers a removed case study’s slugs with 410 and the 404 page’s look', async () => {
    const app = await open();
    await publish(app, (c) => rename(c, 'social-impact-2', 'blood-drive'));
    await publish(app, (c) => {
      c['case-studies.yaml'] = c['case-studies.yaml'].filter((s) => s.id !== 'social-impact-2');
    });
    const notFound = await getPage(app, '/no-such-page');
    for (const path of [
      '/showcase/blood-drive',
      '/showcase/blood-donation-drive-with-a-hospital-network',
    ]) {
      const gone = await getPage(app, path);
      expect(gone.status, path).toBe(410);
      expect(gone.text).toBe(notFound.text);
    }
    expect((await getPage(app, '/showcase')).text).not.toContain('Blood donation drive');
  });
});

describe('the client’s approval', () => {
  it('refuses to publish a case study without it, naming the field, and keeps the draft', async () => {
    const app = await open();
    const content = await app.content.read();
    const study = { ...content['case-studies.yaml'][0]!, title: 'Sneakers, approved or not' };
    const baseRelease = await app.content.latest();
    const draft = { collection: 'case-studies.yaml' as const, key: study.id, baseRelease };
    const saved = await app.drafts.save(
      { ...draft, value: study, seenVersion: null, author: 'asha' },
      Date.now(),
    );
    expect('saved' in saved).toBe(true);

    const refused = await app.drafts.publish([{ collection: draft.collection, key: study.id }], {
      author: 'priya',
    });
    expect(refused.problems).toEqual([
      'case-studies.yaml item consumer-lifestyle-1, approvedBy: A case study is published only with the client’s approval: enter who approved it and when',
    ]);
    expect((await app.drafts.get(draft.collection, study.id))?.value).toMatchObject({
      title: 'Sneakers, approved or not',
    });
    expect(await app.content.latest()).toBe(baseRelease);

    // With who approved it and when, the same draft publishes.
    const approved = await app.drafts.save(
      {
        ...draft,
        value: { ...study, approvedBy: 'R. Mehta, founder', approvedOn: '2026-11-30' },
        seenVersion: 1,
        author: 'asha',
      },
      Date.now(),
    );
    expect('saved' in approved).toBe(true);
    const published = await app.drafts.publish([{ collection: draft.collection, key: study.id }], {
      author: 'priya',
    });
    expect(published.problems).toBeUndefined();
    expect((await app.content.read())['case-studies.yaml'][0]?.title).toBe(
      'Sneakers, approved or not',
    );
  });
});
