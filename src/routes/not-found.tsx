/**
 * The 404 page (docs/product.md#404-page), for every path that is not a page: status 404 from the
 * server's loader; a client-side navigation to such a path asks the server nothing.
 */
import { data, useRouteLoaderData } from 'react-router';
import { NotFoundSection } from '../components/sections/not-found.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import { pageMeta } from '../lib/seo/page-head.ts';
import type { SiteContentData } from '../react/site-content.ts';

export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export function clientLoader() {
  return { notFound: true };
}

/** Its copy comes with the site layout's data, so navigating here needs no request. */
export default function Page() {
  const site = useRouteLoaderData<SiteContentData>('site');
  return <NotFoundSection copy={sectionsOf(site?.notFound.copy ?? {})('not-found')} />;
}

export const meta = pageMeta('404');
