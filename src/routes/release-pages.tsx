/**
 * The pathless layout (https://reactrouter.com/start/framework/routing#layout-routes) of the
 * pages a release decides (`src/routes.ts`): the item pages (`/showcase/<slug>`, `/news/<slug>`)
 * and the newsroom listing's further pages and filters (`/news/page/2`). Pages of text and links
 * only, reached by document loads (their links are plain anchors), so they ship none of the
 * framework's JavaScript: its `handle` tells the document (`src/root.tsx`)
 * (docs/decisions/150-item-pages-ship-no-framework-javascript.md). One handle here rather than one
 * per route module: the listing's module is `/news`'s too, which hydrates.
 */
import { Outlet } from 'react-router';
import { NO_HYDRATION } from '../root.tsx';

export const handle = NO_HYDRATION;

export default function ReleasePages() {
  return <Outlet />;
}
