/**
 * The newsroom's listings (docs/decisions/110-the-newsroom-and-its-feeds.md): `/news` (the page
 * list's row) and, as the route `news-listing`, its further pages and filters (`/news/page/2`,
 * `/news/kind/insight`, `/news/practice/media-relations/page/2`, `src/lib/news.ts`), newest first,
 * each a stored page with its own canonical URL and `rel=prev/next` links. A path of no listing
 * with items is a 404.
 */
import { data, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { NewsCards } from '../components/sections/news-cards.tsx';
import { filterName, NewsFilters, NewsPagination } from '../components/sections/news.tsx';
import { PageIntro } from '../components/sections/shared.tsx';
import { Section, sectionsOf } from '../components/ui/section.tsx';
import {
  filtersOf,
  listingPath,
  filterWhere,
  NEWS_PER_PAGE,
  pageCount,
  parseListing,
  type NewsListing,
} from '../lib/news.ts';
import { toPlainText } from '../lib/rich-text.ts';
import { pageHead } from '../lib/seo/page-head.ts';
import { absoluteUrl } from '../lib/seo/urls.ts';
import { siteContext } from '../react/load-context.ts';
import { keepLoadedData, type SiteContentData } from '../react/site-content.ts';
import { site } from '../site.config.ts';
import type { ErrorNotice } from '../root.tsx';

const UNKNOWN: ErrorNotice = {
  heading: 'This newsroom page is not here',
  text: 'It may have been mistyped, or its items have moved to another page. Every item is listed on the News page.',
};

export function loader({ params, context }: LoaderFunctionArgs) {
  const { content } = context.get(siteContext);
  const rest = params['*'];
  const listing: NewsListing | undefined =
    rest === undefined || rest === '' ? { filter: { by: 'all' }, page: 1 } : parseListing(rest);
  if (!listing) throw data(UNKNOWN, { status: 404 });
  // Only what the cards, the filters and the page count show: an edit of an item's body or of
  // another page's card leaves this page's stored bytes alone (docs/decisions/093-incremental-publish.md).
  const { items, total } = content.list('news.yaml', {
    fields: ['slug', 'title', 'kind', 'date', 'summary'],
    where: filterWhere(listing.filter),
    newestBy: 'date',
    page: listing.page,
    perPage: NEWS_PER_PAGE,
  });
  const pages = pageCount(total);
  if (listing.page > pages || (listing.filter.by !== 'all' && total === 0)) {
    throw data(UNKNOWN, { status: 404 });
  }
  const filters = filtersOf(
    content.list('news.yaml', { fields: ['id', 'date', 'kind', 'practices'], newestBy: 'date' })
      .items,
  );
  const used = new Set(filters.flatMap((f) => (f.by === 'practice' ? [f.practice] : [])));
  return {
    page: content.entry('pages.yaml', 'news'),
    copy: content.sections('news'),
    listing,
    pages,
    filters,
    practices: content
      .collection('services.yaml')
      .filter((s) => used.has(s.id))
      .map(({ id, title }) => ({ id, title })),
    items: items.map((item) => ({ ...item, summary: toPlainText(item.summary) })),
  };
}

export const shouldRevalidate = keepLoadedData;

export default function Page() {
  const { copy, listing, pages, filters, practices, items } = useLoaderData<typeof loader>();
  const section = sectionsOf(copy);
  const named = listing.filter.by === 'all' ? undefined : filterName(listing.filter, practices);
  return (
    <>
      <PageIntro copy={section('news-intro')}>
        <NewsFilters filters={filters} current={listing.filter} practices={practices} />
      </PageIntro>
      <Section labelledby="news-list-heading">
        <h2 id="news-list-heading" className="text-title">
          {named ?? 'Latest'}
          {listing.page > 1 && <span className="text-stone-600"> · page {listing.page}</span>}
        </h2>
        <div className="mt-12">
          {items.length > 0 ? (
            <NewsCards items={items} headingLevel={3} />
          ) : (
            <p className="text-lede text-stone-700">Nothing has been published here yet.</p>
          )}
        </div>
        <NewsPagination
          page={listing.page}
          pages={pages}
          pathOf={(page) => listingPath({ filter: listing.filter, page })}
        />
      </Section>
    </>
  );
}

type Loaded = ReturnType<typeof loader>;

/**
 * The page list's title and description; a filter or a further page names itself in the title.
 * Each is its own canonical URL, with `prev`/`next` links to its neighbours.
 */
export function meta({ location, matches }: MetaArgs) {
  const own = matches.find((m) => m?.id === 'news' || m?.id === 'news-listing')?.loaderData as
    Loaded | undefined;
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    { siteOrigin?: string } | undefined;
  const layout = matches.find((m) => m?.id === 'site')?.loaderData as SiteContentData | undefined;
  if (!own || !layout) return [];
  const origin = root?.siteOrigin ?? 'http://localhost:3000';
  const { listing, pages, page } = own;
  const parts = [
    ...(listing.filter.by === 'all' ? [] : [filterName(listing.filter, own.practices)]),
    ...(listing.page > 1 ? [`Page ${listing.page}`] : []),
  ];
  const named = `${parts.join(' · ')} · Newsroom`;
  const branded = `${named} · ${site.name}`;
  const title = parts.length === 0 ? page.title : branded.length <= 60 ? branded : named;
  const near = (n: number, rel: 'prev' | 'next') => ({
    tagName: 'link',
    rel,
    href: absoluteUrl(listingPath({ filter: listing.filter, page: n }), origin),
  });
  return [
    ...pageHead(
      'news',
      location.pathname,
      origin,
      { title, description: page.description },
      layout.preview !== undefined,
    ),
    ...(listing.page > 1 ? [near(listing.page - 1, 'prev')] : []),
    ...(listing.page < pages ? [near(listing.page + 1, 'next')] : []),
  ];
}
