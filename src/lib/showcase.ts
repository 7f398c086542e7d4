/**
 * Showcase's categories at any number of case studies
 * (docs/decisions/094-item-pages-rendered-on-first-request.md): `/showcase` shows each category's
 * first {@link SHOWCASE_PER_CATEGORY} in the agency's order; a category with more has its own
 * listing, `/showcase/category/<id>` and its further pages (`/showcase/category/<id>/page/2`),
 * {@link CATEGORY_PER_PAGE} a page, each a stored page with its own canonical URL.
 */

/** Case studies a category shows on `/showcase` itself. */
export const SHOWCASE_PER_CATEGORY = 6;

/** Case studies a page of a category's listing shows. */
export const CATEGORY_PER_PAGE = 12;

/** Where the categories' listings are (a route of its own in `src/pages.ts`). */
export const CATEGORY_LISTING_PREFIX = '/showcase/category/';

/** A page of one category's listing. */
export interface CategoryListing {
  category: string;
  /** From 1. */
  page: number;
}

/** The path of a page of a category's listing. */
export const categoryListingPath = ({ category, page }: CategoryListing): string =>
  `${CATEGORY_LISTING_PREFIX}${category}${page > 1 ? `/page/${page}` : ''}`;

/** Pages a category of `count` case studies has: at least one. */
export const categoryPages = (count: number): number =>
  Math.max(1, Math.ceil(count / CATEGORY_PER_PAGE));

/** What follows the prefix, `<id>` or `<id>/page/<n ≥ 2>`; undefined for any other path. */
export function parseCategoryListing(rest: string): CategoryListing | undefined {
  const [category = '', ...more] = rest.split('/');
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(category)) return undefined;
  if (more.length === 0) return { category, page: 1 };
  if (more.length !== 2 || more[0] !== 'page' || !/^[1-9][0-9]{0,5}$/.test(more[1] ?? '')) {
    return undefined;
  }
  const page = Number(more[1]);
  return page === 1 ? undefined : { category, page };
}

/** Every listing page of the categories with more case studies than `/showcase` shows. */
export function categoryListingPaths(studies: ReadonlyArray<{ category: string }>): string[] {
  const counts = new Map<string, number>();
  for (const { category } of studies) counts.set(category, (counts.get(category) ?? 0) + 1);
  return [...counts].flatMap(([category, count]) =>
    count <= SHOWCASE_PER_CATEGORY
      ? []
      : Array.from({ length: categoryPages(count) }, (_, i) =>
          categoryListingPath({ category, page: i + 1 }),
        ),
  );
}
