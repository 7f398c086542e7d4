/**
 * The newsroom's feeds (docs/decisions/110-the-newsroom-and-its-feeds.md): RSS 2.0
 * (https://www.rssboard.org/rss-specification) at `/news/rss.xml`, Atom
 * (https://www.rfc-editor.org/rfc/rfc4287) at `/news/atom.xml` and JSON Feed 1.1
 * (https://www.jsonfeed.org/version/1.1/) at `/news/feed.json`, written by the `feed` package
 * and mended where it falls short of the specs: its JSON Feed is version 1 (made 1.1, with
 * `authors` and `language`), its Atom entry titles are `type="html"` (made `type="text"`, so
 * markup in a headline stays text in a reader). Each item carries its full text as the page's
 * sanitised HTML (the site's own rich-text renderer) with absolute links. Made once per content
 * release, from the release's content only, so every instance sends the same bytes and ETag.
 */
import { Feed } from 'feed';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { RequestHandler } from 'express';
import { RichText } from '../components/ui/rich-text.tsx';
import type { SiteContent } from '../content/images.ts';
import { NEWS_FEEDS, NEWS_KIND_LABELS, NEWS_PATH, newestFirst } from '../lib/news.ts';
import type { RichTextInput } from '../lib/rich-text.ts';
import { absoluteUrl } from '../lib/seo/urls.ts';
import { site } from '../site.config.ts';
import { sendStored, storeResponse, type StoredResponse } from './stored-pages.ts';

/** The newest items a feed carries. */
export const FEED_ITEMS = 50;

/** Readers poll; a shared cache keeps a feed ten minutes, as it does a page. */
const FEED_CACHE_CONTROL = 'public, max-age=600, s-maxage=600';

/** The feeds' paths. */
export const FEED_PATHS: readonly string[] = NEWS_FEEDS.map((f) => f.path);

/**
 * `value` as the HTML the site's pages draw it with (`src/components/ui/rich-text.tsx`: only
 * the allowlist's nodes, every text escaped), its site-relative links made absolute.
 */
export function richTextHtml(value: RichTextInput, origin: string): string {
  const html = renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(RichText, { value })),
  );
  // React writes every attribute quoted and escaped: a site-relative href starts `href="/`.
  return html.replace(/ href="\/(?!\/)/g, ` href="${origin}/`);
}

/** A name for an item that stays when its slug changes (https://www.rfc-editor.org/rfc/rfc4151). */
const itemTag = (origin: string, id: string): string =>
  `tag:${new URL(origin).hostname},2026:news:${id}`;

/** Midnight UTC of a calendar day (`2026-11-24`). */
const dayOf = (date: string): Date => new Date(`${date}T00:00:00Z`);

export interface NewsFeeds {
  rss: string;
  atom: string;
  json: string;
}

/**
 * The three feeds of `content`'s newsroom, its {@link FEED_ITEMS} newest items.
 * @param origin `SITE_URL`, e.g. `https://kahaani.example`: every URL in them is absolute
 */
export function newsFeeds(origin: string, content: SiteContent): NewsFeeds {
  const items = newestFirst(content['news.yaml']).slice(0, FEED_ITEMS);
  const team = new Map(content['team.yaml'].map((m) => [m.id, m]));
  const page = content['pages.yaml'].news;
  const home = absoluteUrl(NEWS_PATH, origin);
  const [rss, atom, json] = NEWS_FEEDS.map((f) => absoluteUrl(f.path, origin));
  const feed = new Feed({
    id: home,
    title: `${site.name} · Newsroom`,
    description: page.description,
    link: home,
    language: 'en-IN',
    copyright: `© ${site.name}`,
    // The newest item's date, not the clock: instances agree on the bytes.
    updated: dayOf(items[0]?.date ?? '2026-01-01'),
    generator: false,
    image: absoluteUrl('/icons/icon-512.png', origin),
    favicon: absoluteUrl('/favicon.ico', origin),
    feedLinks: { rss: rss!, atom: atom!, json: json! },
    author: { name: site.name, email: site.email, link: absoluteUrl('/', origin) },
  });
  for (const item of items) {
    const url = absoluteUrl(`${NEWS_PATH}/${item.slug}`, origin);
    const member = team.get(item.author);
    feed.addItem({
      title: item.title,
      id: itemTag(origin, item.id),
      guid: itemTag(origin, item.id),
      link: url,
      date: dayOf(item.date),
      published: dayOf(item.date),
      description: richTextHtml(item.summary, origin),
      content: richTextHtml(item.body, origin),
      // RSS 2.0's author is an e-mail address: the agency's, with the writer's name.
      author: [
        {
          name: member?.name ?? site.name,
          email: site.email,
          link: absoluteUrl('/about', origin),
        },
      ],
      category: [{ name: NEWS_KIND_LABELS[item.kind], term: item.kind }],
    });
  }
  return { rss: feed.rss2(), atom: textTitles(feed.atom1()), json: jsonFeed11(feed.json1()) };
}

/**
 * Atom entry titles as text (https://www.rfc-editor.org/rfc/rfc4287#section-3.1.1.1): `feed`
 * writes them `type="html"` around a CDATA section of the raw title.
 */
function textTitles(atom: string): string {
  return atom.replaceAll('<title type="html">', '<title type="text">');
}

interface JsonAuthor {
  name?: string;
  url?: string;
  avatar?: string;
}

/**
 * `feed`'s version 1 JSON Feed as 1.1 (https://www.jsonfeed.org/version/1.1/): the version URL,
 * `language`, and `authors` arrays in place of the deprecated `author` objects.
 */
function jsonFeed11(json: string): string {
  const {
    version: _v,
    author,
    items,
    ...rest
  } = JSON.parse(json) as {
    version: string;
    author?: JsonAuthor;
    items: Array<{ author?: JsonAuthor } & Record<string, unknown>>;
  } & Record<string, unknown>;
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    ...rest,
    language: 'en-IN',
    ...(author ? { authors: [author] } : {}),
    items: items.map(({ author: by, ...item }) => ({
      ...item,
      language: 'en-IN',
      ...(by ? { authors: [by] } : {}),
    })),
  };
  return `${JSON.stringify(feed, null, 2)}\n`;
}

const CONTENT_TYPES: Record<string, string> = {
  '/news/rss.xml': 'application/rss+xml; charset=utf-8',
  '/news/atom.xml': 'application/atom+xml; charset=utf-8',
  '/news/feed.json': 'application/feed+json; charset=utf-8',
};

/** Which release's content the feeds are made from. */
export interface FeedRelease {
  /** The release the stored pages show now; a new number makes new feeds. */
  shown: () => Promise<number>;
  content: (release: number) => Promise<SiteContent>;
}

/**
 * GET and HEAD of the three feeds as stored responses (every encoding, strong ETags), made
 * again when `release.shown()` names another release; one that fails is a 500 for that request
 * (`next(error)`) and is made again for the next.
 */
export function feedFiles(origin: string, release: FeedRelease): RequestHandler {
  let made: { release: number; stored: Promise<Map<string, StoredResponse>> } | undefined;
  const ofShown = async () => {
    const number = await release.shown();
    if (made?.release !== number) {
      const stored = release.content(number).then(async (content) => {
        const feeds = newsFeeds(origin, content);
        const bodies: Record<string, string> = {
          '/news/rss.xml': feeds.rss,
          '/news/atom.xml': feeds.atom,
          '/news/feed.json': feeds.json,
        };
        const entries = await Promise.all(
          FEED_PATHS.map(
            async (path) =>
              [
                path,
                await storeResponse(
                  200,
                  { 'content-type': CONTENT_TYPES[path]!, 'cache-control': FEED_CACHE_CONTROL },
                  bodies[path]!,
                ),
              ] as const,
          ),
        );
        return new Map(entries);
      });
      const entry = { release: number, stored };
      made = entry;
      stored.catch(() => {
        if (made === entry) made = undefined;
      });
    }
    return made.stored;
  };
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !FEED_PATHS.includes(req.path)) {
      return next();
    }
    ofShown().then((files) => sendStored(req, res, files.get(req.path)!), next);
  };
}
