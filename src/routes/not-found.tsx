/**
 * The 404 page (docs/product.md#404-page), for every path that is not a page: status 404 from the
 * server's loader; a client-side navigation to such a path asks the server nothing.
 */
import { data } from 'react-router';
import { NotFoundSection } from '../components/sections/not-found.tsx';
import pageCopy from '../content/sections.yaml?page=not-found';
import { sectionsOf } from '../components/ui/section.tsx';
import { pageMeta } from '../lib/seo/page-head.ts';

const section = sectionsOf(pageCopy);

export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export function clientLoader() {
  return { notFound: true };
}

export default function Page() {
  return <NotFoundSection copy={section('not-found')} />;
}

export const meta = pageMeta('404');
