/**
 * The one route tree (https://reactrouter.com/start/framework/routing): the public pages of the
 * page list (`src/pages.ts`), its item pages (`/showcase/<slug>`) and listings' further pages
 * (`/news/page/2`) inside the site's layout, those two in a layout of their own that ships no
 * framework script (`src/routes/release-pages.tsx`),
 * every other path the 404 page (docs/product.md#pages); and the staff area's branch under
 * `/staff`, its own layout guarding it
 * (docs/decisions/037-one-route-tree-for-the-site-and-the-inbox.md), with the content editor under
 * `/staff/content` (docs/decisions/050-drafts-publish-and-conflicts.md).
 */
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { ITEM_PAGES, LISTING_PAGES, NOT_FOUND_PAGE, PAGES } from './pages.ts';

export default [
  layout('routes/site.tsx', { id: 'site' }, [
    ...PAGES.map(({ id, path, module }) =>
      path === '/' ? index(module, { id }) : route(path.slice(1), module, { id }),
    ),
    // Without the framework's scripts (docs/decisions/150-item-pages-ship-no-framework-javascript.md).
    layout('routes/release-pages.tsx', { id: 'release-pages' }, [
      ...ITEM_PAGES.map(({ id, prefix, module }) =>
        route(`${prefix.slice(1)}:slug`, module, { id }),
      ),
      ...LISTING_PAGES.map(({ id, prefix, module }) =>
        route(`${prefix.slice(1)}*`, module, { id }),
      ),
    ]),
    route('*', NOT_FOUND_PAGE.module, { id: NOT_FOUND_PAGE.id }),
  ]),
  route('staff', 'staff/layout.tsx', { id: 'staff' }, [
    index('staff/routes/inbox.tsx'),
    route('sign-in', 'staff/routes/sign-in.tsx'),
    route('invite', 'staff/routes/invite.tsx'),
    route('enquiries/:id', 'staff/routes/enquiry.tsx'),
    route('erase', 'staff/routes/erase.tsx'),
    route('delivery', 'staff/routes/delivery.tsx'),
    route('statistics', 'staff/routes/statistics.tsx'),
    route('statistics/export', 'staff/routes/statistics-export.ts'),
    route('account', 'staff/routes/account.tsx'),
    route('people', 'staff/routes/people.tsx'),
    route('sign-out', 'staff/routes/sign-out.ts'),
    route('export', 'staff/routes/export.ts'),
    route('content/media', 'staff/routes/content-media.tsx'),
    route('content', 'staff/routes/content-index.tsx'),
    route('content/publish', 'staff/routes/content-publish.tsx'),
    route('content/history', 'staff/routes/content-history.tsx'),
    route('content/previews', 'staff/routes/content-previews.tsx'),
    route('content/:collection', 'staff/routes/content-collection.tsx'),
    route('content/:collection/new', 'staff/routes/content-new.tsx'),
    route('content/:collection/items/:key', 'staff/routes/content-item.tsx'),
    route('*', 'staff/routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
