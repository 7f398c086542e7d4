/**
 * The newsroom's listings (docs/decisions/110-the-newsroom-and-its-feeds.md): newest first,
 * {@link NEWS_PER_PAGE} a page, whole or filtered by kind or by practice, each page a path of its
 * own with no query string, so every one is a stored page: `/news`, `/news/page/2`,
 * `/news/kind/press-release`, `/news/practice/media-relations/page/2`. Pure data, shared by the
 * route (`src/routes/news.tsx`) and the server, which stores every path {@link listingPaths} names.
 * Without `zod`: it is in every public page's bundle.
 */

/** A newsroom item's kinds (`newsItemSchema`), in the order the filters list them. */
export const NEWS_KINDS = ['press-release', 'news', 'insight'] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];

/** Each kind as the pages, the feeds and the staff form name it. */
export const NEWS_KIND_LABELS: Readonly<Record<NewsKind, string>> = {
  'press-release': 'Press release',
  news: 'Agency news',
  insight: 'Insight',
};

/** Items a listing page shows. */
export const NEWS_PER_PAGE = 12;

/** The newsroom's first page. */
export const NEWS_PATH = '/news';

/** The feeds' paths (`src/server/news-feeds.ts`), with their media types. */
export const NEWS_FEEDS = [
  { path: '/news/rss.xml', type: 'application/rss+xml', title: 'RSS' },
  { path: '/news/atom.xml', type: 'application/atom+xml', title: 'Atom' },
  { path: '/news/feed.json', type: 'application/feed+json', title: 'JSON Feed' },
] as const;

/** Which items a listing shows: all, one kind, or one practice (a service's id). */
export type NewsFilter =
  { by: 'all' } | { by: 'kind'; kind: NewsKind } | { by: 'practice'; practice: string };

export interface NewsListing {
  filter: NewsFilter;
  /** From 1. */
  page: number;
}

/** What the listings need of an item. */
export interface ListedNews {
  id: string;
  date: string;
  kind: string;
  practices: readonly string[];
}

/** Newest date first; on the same date, by id, so every instance orders them alike. */
export function newestFirst<T extends { id: string; date: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) =>
    a.date === b.date ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.date < b.date ? 1 : -1,
  );
}

/** The path of a filter's first page. */
export function filterPath(filter: NewsFilter): string {
  if (filter.by === 'kind') return `${NEWS_PATH}/kind/${filter.kind}`;
  if (filter.by === 'practice') return `${NEWS_PATH}/practice/${filter.practice}`;
  return NEWS_PATH;
}

/** A listing's path: its filter's, then `/page/<n>` from the second page on. */
export const listingPath = ({ filter, page }: NewsListing): string =>
  page === 1 ? filterPath(filter) : `${filterPath(filter)}/page/${page}`;

const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The listing a path under `/news/` stands for (`rest`: what follows `/news/`, e.g.
 * `kind/insight/page/2`); undefined for any other path and for `…/page/1` (the filter's own path
 * is that page). Whether it has items is {@link listingPaths}' to say.
 */
export function parseListing(rest: string): NewsListing | undefined {
  const parts = rest.split('/');
  let filter: NewsFilter = { by: 'all' };
  if (parts[0] === 'kind' || parts[0] === 'practice') {
    const value = parts[1] ?? '';
    if (parts[0] === 'kind') {
      if (!(NEWS_KINDS as readonly string[]).includes(value)) return undefined;
      filter = { by: 'kind', kind: value as NewsKind };
    } else {
      if (!SEGMENT.test(value)) return undefined;
      filter = { by: 'practice', practice: value };
    }
    parts.splice(0, 2);
  }
  if (parts.length === 0) return filter.by === 'all' ? undefined : { filter, page: 1 };
  if (parts.length !== 2 || parts[0] !== 'page' || !/^[1-9][0-9]{0,5}$/.test(parts[1] ?? '')) {
    return undefined;
  }
  const page = Number(parts[1]);
  return page === 1 ? undefined : { filter, page };
}

/** A filter as a content reader's `where` (`src/content/reader.ts`): the items `shows` picks. */
export const filterWhere = (filter: NewsFilter): { kind?: NewsKind; practices?: string } =>
  filter.by === 'kind'
    ? { kind: filter.kind }
    : filter.by === 'practice'
      ? { practices: filter.practice }
      : {};

/** Whether `item` is one a filter shows. */
export const shows = (filter: NewsFilter, item: ListedNews): boolean =>
  filter.by === 'all' ||
  (filter.by === 'kind' ? item.kind === filter.kind : item.practices.includes(filter.practice));

/** Pages a listing of `count` items has: at least one. */
export const pageCount = (count: number): number => Math.max(1, Math.ceil(count / NEWS_PER_PAGE));

/** The filters that show at least one of `items`: kinds in their order, practices as first met. */
export function filtersOf(items: readonly ListedNews[]): NewsFilter[] {
  const kinds = NEWS_KINDS.filter((kind) => items.some((i) => i.kind === kind));
  const practices = [...new Set(newestFirst(items).flatMap((i) => i.practices))];
  return [
    ...kinds.map((kind): NewsFilter => ({ by: 'kind', kind })),
    ...practices.map((practice): NewsFilter => ({ by: 'practice', practice })),
  ];
}

/**
 * Every listing path of `items` after `/news` itself (a page of the page list): its further
 * pages, and each filter that shows an item with all of its pages.
 */
export function listingPaths(items: readonly ListedNews[]): string[] {
  const paths: string[] = [];
  for (const filter of [{ by: 'all' } as NewsFilter, ...filtersOf(items)]) {
    const pages = pageCount(items.filter((i) => shows(filter, i)).length);
    for (let page = filter.by === 'all' ? 2 : 1; page <= pages; page++) {
      paths.push(listingPath({ filter, page }));
    }
  }
  return paths;
}
