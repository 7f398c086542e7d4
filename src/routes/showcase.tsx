/**
 * Showcase (docs/product.md#showcase): the categories, each with its first case studies; and, as
 * the route `showcase-listing`, a category's own listing and its further pages
 * (`/showcase/category/brands/page/2`, `src/lib/showcase.ts`), each a stored page with its own
 * canonical URL and `rel=prev/next` links. A path of no listing is a 404.
 */
import { data, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { NewsPagination } from '../components/sections/news.tsx';
import { ShowcaseDetails } from '../components/sections/showcase.tsx';
import { CtaBand, PageIntro } from '../components/sections/shared.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import { pageHead, pageMeta } from '../lib/seo/page-head.ts';
import { absoluteUrl } from '../lib/seo/urls.ts';
import {
  CATEGORY_PER_PAGE,
  categoryListingPath,
  categoryPages,
  parseCategoryListing,
  SHOWCASE_PER_CATEGORY,
} from '../lib/showcase.ts';
import { siteContext } from '../react/load-context.ts';
import { keepLoadedData, pick, type SiteContentData } from '../react/site-content.ts';
import { site } from '../site.config.ts';
import type { ErrorNotice } from '../root.tsx';

const UNKNOWN: ErrorNotice = {
  heading: 'This showcase page is not here',
  text: 'It may have been mistyped, or its case studies have moved to another page. Every category is on the Showcase page.',
};

const FIELDS = ['slug', 'category', 'title', 'summary', 'outcome'] as const;

export function loader({ context, params }: LoaderFunctionArgs) {
  const content = context.get(siteContext).content;
  const categories = pick(content.collection('showcase.yaml'), [
    'id',
    'category',
    'icon',
    'summary',
  ]);
  const text = {
    page: content.entry('pages.yaml', 'showcase'),
    copy: content.sections('showcase'),
  };
  const rest = params['*'];
  if (rest === undefined) {
    const shown = categories.map((category) =>
      content.list('case-studies.yaml', {
        fields: FIELDS,
        where: { category: category.id },
        perPage: SHOWCASE_PER_CATEGORY,
      }),
    );
    return {
      ...text,
      showcase: categories,
      studies: shown.flatMap((list) => list.items),
      totals: Object.fromEntries(categories.map((c, i) => [c.id, shown[i]?.total ?? 0])),
      listing: undefined,
    };
  }
  const listing = parseCategoryListing(rest);
  const category = listing && categories.find((c) => c.id === listing.category);
  if (!listing || !category) throw data(UNKNOWN, { status: 404 });
  const { items, total } = content.list('case-studies.yaml', {
    fields: FIELDS,
    where: { category: category.id },
    page: listing.page,
    perPage: CATEGORY_PER_PAGE,
  });
  const pages = categoryPages(total);
  // A category Showcase shows whole has no listing of its own.
  if (total <= SHOWCASE_PER_CATEGORY || listing.page > pages) {
    throw data(UNKNOWN, { status: 404 });
  }
  return {
    ...text,
    showcase: [category],
    studies: items,
    totals: { [category.id]: total },
    listing: { ...listing, pages, name: category.category },
  };
}

export const shouldRevalidate = keepLoadedData;

export default function Page() {
  const { copy, showcase, studies, totals, listing } = useLoaderData<typeof loader>();
  const section = sectionsOf(copy);
  return (
    <>
      <PageIntro
        copy={
          listing
            ? {
                ...section('showcase-intro'),
                heading: `${listing.name}: every case study`,
                lede: `${totals[listing.category]} case studies, in the order the agency shows them. Page ${listing.page} of ${listing.pages}.`,
              }
            : section('showcase-intro')
        }
      />
      <ShowcaseDetails categories={showcase} studies={studies} totals={listing ? {} : totals} />
      {listing ? (
        <div className="mx-auto max-w-7xl px-5 pb-16 md:px-8">
          <NewsPagination
            page={listing.page}
            pages={listing.pages}
            pathOf={(page) => categoryListingPath({ category: listing.category, page })}
            labels={{ previous: '← Previous', next: 'Next →' }}
          />
        </div>
      ) : null}
      <CtaBand copy={section('showcase-cta')} />
    </>
  );
}

type Loaded = ReturnType<typeof loader>;

const showcaseMeta = pageMeta('showcase');

/** Showcase's own head; a category's listing names itself and links its neighbours. */
export function meta(args: MetaArgs) {
  const { location, matches } = args;
  const own = matches.find((m) => m?.id === 'showcase-listing')?.loaderData as Loaded | undefined;
  if (!own?.listing) return showcaseMeta(args);
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    { siteOrigin?: string } | undefined;
  const layout = matches.find((m) => m?.id === 'site')?.loaderData as SiteContentData | undefined;
  if (!layout) return [];
  const origin = root?.siteOrigin ?? 'http://localhost:3000';
  const { listing, page } = own;
  const named = [
    listing.name,
    ...(listing.page > 1 ? [`Page ${listing.page}`] : []),
    'Showcase',
  ].join(' · ');
  const branded = `${named} · ${site.name}`;
  const near = (n: number, rel: 'prev' | 'next') => ({
    tagName: 'link',
    rel,
    href: absoluteUrl(categoryListingPath({ category: listing.category, page: n }), origin),
  });
  return [
    ...pageHead(
      'showcase',
      location.pathname,
      origin,
      { title: branded.length <= 60 ? branded : named, description: page.description },
      layout.preview !== undefined,
    ),
    ...(listing.page > 1 ? [near(listing.page - 1, 'prev')] : []),
    ...(listing.page < listing.pages ? [near(listing.page + 1, 'next')] : []),
  ];
}
