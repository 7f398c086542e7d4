/**
 * The newsroom on the public site (docs/decisions/110-the-newsroom-and-its-feeds.md): `/news`
 * newest first, 12 a page, its further pages and filters stored paths with canonical and
 * `rel=prev/next` links; each item a stored page with its own head and `NewsArticle` JSON-LD; an
 * old slug 301, a removed item 410; the three newest on home; the feeds (RSS 2.0, Atom, JSON
 * Feed 1.1) valid, full text, absolute URLs, a hostile headline shown as text; autodiscovery
 * links on every public page. Each test publishes on an app of its own.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { Content } from '../../src/content/collections.ts';
import { appPerTest, getPage, publishAndWait } from './support/publishing.ts';
import type { TestApp } from './support/test-app.ts';

const open = appPerTest();

const NEEL = '/news/neel-footwear-opens-stores-in-six-cities';

type NewsItem = Content['news.yaml'][number];

/** Publishes `change` of the newest content and waits until `/news` shows it. */
const publish = (app: TestApp, change: (content: Content) => void) =>
  publishAndWait(app, change, '/news');

/** `n` more items, copies of the seed's first, dated in January 2026 (older than the seed's). */
const more = (content: Content, n: number, kind: NewsItem['kind'] = 'news') => {
  const [first] = content['news.yaml'];
  for (let i = 1; i <= n; i++) {
    content['news.yaml'].push({
      ...first!,
      id: `extra-${i}`,
      slug: `extra-item-${i}`,
      title: `Extra item ${i}`,
      kind,
      date: `2026-01-${String(i).padStart(2, '0')}`,
      practices: ['media-relations'],
    });
  }
};

const cardLinks = (html: string) =>
  [...html.matchAll(/<h[23][^>]*><a href="(\/news\/[a-z0-9-]+)"/g)].map((m) => m[1]);

const headLink = (html: string, rel: string) =>
  new RegExp(`<link rel="${rel}" href="([^"]*)"`).exec(html)?.[1];

describe('the newsroom pages', () => {
  it('/news lists the items newest first, each linked to its stored page; home shows the three newest', async () => {
    const app = await open();
    const content = await app.content.read();
    const newest = [...content['news.yaml']].sort((a, b) => (a.date < b.date ? 1 : -1));
    const page = await getPage(app, '/news');
    expect(page.status).toBe(200);
    expect(cardLinks(page.text)).toEqual(newest.map((i) => `/news/${i.slug}`));
    expect(headLink(page.text, 'canonical')).toBe(`${app.env.SITE_URL}/news`);
    expect(headLink(page.text, 'next')).toBeUndefined();
    expect(page.text).toContain('<a href="/news/kind/press-release"');
    expect(page.text).toContain('<a href="/news/practice/crisis-communications"');
    const home = (await getPage(app, '/')).text;
    const section = home.slice(
      home.indexOf('id="news"'),
      home.indexOf('</section>', home.indexOf('id="news"')),
    );
    expect(cardLinks(section)).toEqual(newest.slice(0, 3).map((i) => `/news/${i.slug}`));
    expect(home).toMatch(/<a[^>]*href="\/news"[^>]*>News<\/a>/);
  });

  it('renders an item as a stored page with its own head and NewsArticle JSON-LD', async () => {
    const app = await open();
    const page = await getPage(app, NEEL);
    expect(page.status).toBe(200);
    const html = page.text;
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${app.env.SITE_URL}${NEEL}"/>`);
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    expect(title.length).toBeLessThanOrEqual(60);
    expect(title).toMatch(/^Neel Footwear opens its first stores/);
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(description).toMatch(/^The Jaipur footwear label Neel opens stores/);
    expect(description.length).toBeLessThanOrEqual(160);
    const jsonLd = [
      ...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
    ].map((m) => JSON.parse(m[1]!) as Record<string, unknown> & { '@type': string });
    expect(jsonLd.map((j) => j['@type'])).toEqual([
      'ProfessionalService',
      'NewsArticle',
      'BreadcrumbList',
    ]);
    expect(jsonLd[1]).toMatchObject({
      headline:
        'Neel Footwear opens its first stores in six cities, with the block printers who make its soles',
      datePublished: '2026-11-24',
      dateModified: '2026-11-24',
      author: { '@type': 'Person', name: 'Arjun Malhotra' },
      publisher: { '@type': 'Organization', name: 'Kahaani Communications' },
      url: `${app.env.SITE_URL}${NEEL}`,
    });
    expect(jsonLd[2]?.['itemListElement']).toHaveLength(3);
    expect(html).toContain('href="mailto:press@kahaani-pr.example"');
    const again = await getPage(app, NEEL);
    expect(again.headers['etag']).toBe(page.headers['etag']);
    expect((await getPage(app, NEEL).set('If-None-Match', page.headers['etag']!)).status).toBe(304);
    const sitemap = (await getPage(app, '/sitemap.xml')).text;
    expect(sitemap).toContain(`<loc>${app.env.SITE_URL}/news</loc>`);
    expect(sitemap).toContain(`<loc>${app.env.SITE_URL}${NEEL}</loc>`);
  });

  it('links the three feeds for autodiscovery on every public page', async () => {
    const app = await open();
    for (const path of ['/', '/about', '/contact', '/news', NEEL, '/no-such-page']) {
      const html = (await getPage(app, path)).text;
      for (const [type, href] of [
        ['application/rss+xml', '/news/rss.xml'],
        ['application/atom+xml', '/news/atom.xml'],
        ['application/feed+json', '/news/feed.json'],
      ] as const) {
        expect(html, `${path} ${type}`).toMatch(
          new RegExp(`<link rel="alternate" type="${type.replace('+', '\\+')}" href="${href}"`),
        );
      }
    }
  });

  it('pages 12 items a page with rel=prev/next, each page its own canonical URL', async () => {
    const app = await open();
    await publish(app, (c) => more(c, 14));
    const first = (await getPage(app, '/news')).text;
    expect(cardLinks(first)).toHaveLength(12);
    expect(headLink(first, 'next')).toBe(`${app.env.SITE_URL}/news/page/2`);
    expect(first).toContain('<a href="/news/page/2" rel="next"');
    const second = await getPage(app, '/news/page/2');
    expect(second.status).toBe(200);
    expect(cardLinks(second.text)).toEqual([6, 5, 4, 3, 2, 1].map((n) => `/news/extra-item-${n}`));
    expect(headLink(second.text, 'canonical')).toBe(`${app.env.SITE_URL}/news/page/2`);
    expect(headLink(second.text, 'prev')).toBe(`${app.env.SITE_URL}/news`);
    expect(headLink(second.text, 'next')).toBeUndefined();
    expect(/<title>([^<]*)<\/title>/.exec(second.text)?.[1]).toBe(
      'Page 2 · Newsroom · Kahaani Communications',
    );
    // A page past the last, page 1 spelt out, and a query string are no pages of their own.
    const notFound = (await getPage(app, '/no-such-page')).text;
    for (const path of ['/news/page/3', '/news/page/1', '/news/page/02', '/news/page/x']) {
      const answer = await getPage(app, path);
      expect(answer.status, path).toBe(404);
      expect(answer.text).toBe(notFound);
    }
  });

  it('filters by kind and by practice through stored paths, paginated likewise', async () => {
    const app = await open();
    await publish(app, (c) => more(c, 13, 'insight'));
    const insights = await getPage(app, '/news/kind/insight');
    expect(insights.status).toBe(200);
    const links = cardLinks(insights.text);
    expect(links).toHaveLength(12);
    expect(links.slice(0, 2)).toEqual([
      '/news/what-a-newsroom-wants-in-the-first-hour-of-a-crisis',
      '/news/the-policy-conversation-starts-before-the-bill',
    ]);
    expect(insights.text).toContain('<a href="/news/kind/insight" aria-current="page"');
    expect(headLink(insights.text, 'canonical')).toBe(`${app.env.SITE_URL}/news/kind/insight`);
    expect(headLink(insights.text, 'next')).toBe(`${app.env.SITE_URL}/news/kind/insight/page/2`);
    const second = await getPage(app, '/news/kind/insight/page/2');
    expect(cardLinks(second.text)).toHaveLength(3);
    expect(headLink(second.text, 'prev')).toBe(`${app.env.SITE_URL}/news/kind/insight`);

    const releases = cardLinks((await getPage(app, '/news/kind/press-release')).text);
    expect(releases).toEqual([NEEL]);
    const crisis = cardLinks((await getPage(app, '/news/practice/crisis-communications')).text);
    expect(crisis).toEqual(['/news/what-a-newsroom-wants-in-the-first-hour-of-a-crisis']);
    const media = await getPage(app, '/news/practice/media-relations/page/2');
    expect(media.status).toBe(200);
    // An unknown kind, a practice no item has, and a path of no listing are the 404.
    for (const path of [
      '/news/kind/rumour',
      '/news/practice/events-launch',
      '/news/kind',
      '/news/a/b',
    ]) {
      expect((await getPage(app, path)).status, path).toBe(404);
    }
  });

  it('answers an old slug with 301 in one hop and a removed item with 410', async () => {
    const app = await open();
    const rename = (c: Content, slug: string) => {
      c['news.yaml'].find((i) => i.id === 'neel-footwear-six-cities')!.slug = slug;
    };
    await publish(app, (c) => rename(c, 'neel-six-cities'));
    await publish(app, (c) => rename(c, 'neel-stores'));
    for (const old of [NEEL, '/news/neel-six-cities']) {
      const moved = await getPage(app, old);
      expect(moved.status, old).toBe(301);
      expect(moved.headers['location']).toBe('/news/neel-stores');
    }
    await publish(app, (c) => {
      c['news.yaml'] = c['news.yaml'].filter((i) => i.id !== 'neel-footwear-six-cities');
    });
    const notFound = (await getPage(app, '/no-such-page')).text;
    for (const path of [NEEL, '/news/neel-six-cities', '/news/neel-stores']) {
      const gone = await getPage(app, path);
      expect(gone.status, path).toBe(410);
      expect(gone.text).toBe(notFound);
    }
    expect((await getPage(app, '/news/kind/press-release')).status).toBe(404);
  });
});

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

interface Feeds {
  rss: { rss: { '@version': string; channel: Record<string, unknown> & { item: unknown } } };
  atom: { feed: Record<string, unknown> & { entry: unknown } };
  json: Record<string, unknown> & { items: Array<Record<string, unknown>> };
}

const list = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

/** The three feeds, each checked for its type and well-formedness. */
async function feeds(app: TestApp): Promise<Feeds> {
  const rss = await getPage(app, '/news/rss.xml');
  const atom = await getPage(app, '/news/atom.xml');
  const json = await getPage(app, '/news/feed.json');
  expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  expect(json.headers['content-type']).toBe('application/feed+json; charset=utf-8');
  expect(XMLValidator.validate(rss.text)).toBe(true);
  expect(XMLValidator.validate(atom.text)).toBe(true);
  return {
    rss: xml.parse(rss.text) as Feeds['rss'],
    atom: xml.parse(atom.text) as Feeds['atom'],
    json: JSON.parse(json.text) as Feeds['json'],
  };
}

const ABSOLUTE = /^https?:\/\//;

describe('the newsroom feeds', () => {
  it('are RSS 2.0, Atom and JSON Feed 1.1 with their required elements, full text and absolute URLs', async () => {
    const app = await open();
    const { rss, atom, json } = await feeds(app);
    const count = (await app.content.read())['news.yaml'].length;

    // https://www.rssboard.org/rss-specification#requiredChannelElements
    expect(rss.rss['@version']).toBe('2.0');
    const channel = rss.rss.channel;
    for (const name of ['title', 'link', 'description']) expect(channel[name], name).toBeTruthy();
    const items = list(channel.item) as Array<Record<string, unknown>>;
    expect(items).toHaveLength(count);
    for (const item of items) {
      expect(item['link']).toMatch(ABSOLUTE);
      expect(item['pubDate']).toMatch(/^\w{3}, \d{2} \w{3} \d{4} /);
      expect(item['author']).toMatch(/^hello@kahaani-pr\.example \(.+\)$/);
      expect(String(item['content:encoded'])).toMatch(/^<p>/);
    }
    expect(items[0]?.['link']).toBe(`${app.env.SITE_URL}${NEEL}`);

    // https://www.rfc-editor.org/rfc/rfc4287#section-4.1.1
    const feed = atom.feed;
    for (const name of ['id', 'title', 'updated', 'author']) expect(feed[name], name).toBeTruthy();
    type Attrs = Record<string, string>;
    const links = list<Attrs>(feed['link'] as Attrs | Attrs[]);
    expect(links.find((l) => l['@rel'] === 'self')?.['@href']).toBe(
      `${app.env.SITE_URL}/news/atom.xml`,
    );
    const entries = list(feed.entry) as Array<Record<string, unknown>>;
    expect(entries).toHaveLength(count);
    for (const entry of entries) {
      expect(entry['id']).toMatch(/^tag:/);
      expect(entry['updated']).toBeTruthy();
      expect((entry['title'] as Record<string, string>)['@type']).toBe('text');
      expect((entry['link'] as Record<string, string>)['@href']).toMatch(ABSOLUTE);
      expect((entry['category'] as Record<string, string>)['@term']).toMatch(/^[a-z-]+$/);
    }
    const content = (entries[0]?.['content'] as Record<string, string>)['#text'];
    expect(content).toContain('Neel Footwear, the Jaipur label known for sneakers');
    expect(content).toContain('media contact below.</p>');

    // https://www.jsonfeed.org/version/1.1/
    expect(json['version']).toBe('https://jsonfeed.org/version/1.1');
    expect(json['title']).toBeTruthy();
    expect(json['home_page_url']).toBe(`${app.env.SITE_URL}/news`);
    expect(json['feed_url']).toBe(`${app.env.SITE_URL}/news/feed.json`);
    expect(json['language']).toBe('en-IN');
    expect(json['authors']).toEqual([expect.objectContaining({ name: 'Kahaani Communications' })]);
    expect(json).not.toHaveProperty('author');
    expect(json.items).toHaveLength(count);
    for (const item of json.items) {
      expect(item['id']).toMatch(/^tag:/);
      expect(item['url']).toMatch(ABSOLUTE);
      expect(typeof item['content_html']).toBe('string');
      expect(item['authors']).toEqual([expect.objectContaining({ name: expect.any(String) })]);
      expect(item).not.toHaveProperty('author');
    }
    expect(json.items[0]?.['authors']).toEqual([
      expect.objectContaining({ name: 'Arjun Malhotra' }),
    ]);
    // Stored: the same bytes and tag on every request.
    const a = await getPage(app, '/news/rss.xml');
    const b = await getPage(app, '/news/rss.xml');
    expect(b.headers['etag']).toBe(a.headers['etag']);
  });

  it('show a hostile headline as text in every feed and on the page, the feeds still valid', async () => {
    const app = await open();
    const hostile = '<script>alert(1)</script> ]]> <b>bold</b> & javascript:alert(2)';
    await publish(app, (c) => {
      const first = c['news.yaml'].find((i) => i.id === 'neel-footwear-six-cities')!;
      first.title = hostile;
      first.summary = {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'See ' },
              {
                type: 'text',
                text: 'Expertise',
                marks: [{ type: 'link', attrs: { href: '/expertise' } }],
              },
            ],
          },
        ],
      };
    });
    const { rss, atom, json } = await feeds(app);
    const items = list(rss.rss.channel.item) as Array<Record<string, unknown>>;
    expect(items[0]?.['title']).toBe(hostile);
    const entry = list(atom.feed.entry)[0] as Record<string, Record<string, string>>;
    expect(entry['title']).toEqual({ '#text': hostile, '@type': 'text' });
    // Site-relative links are absolute in a feed.
    expect(entry['summary']?.['#text']).toContain(`href="${app.env.SITE_URL}/expertise"`);
    expect(json.items[0]?.['title']).toBe(hostile);
    const page = (await getPage(app, NEEL)).text;
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; ]]&gt; &lt;b&gt;bold&lt;/b&gt;');
  });
});
