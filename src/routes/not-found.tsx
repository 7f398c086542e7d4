/**
 * The 404 page (docs/product.md#404-page): every path that is not a page, `/privacy` and `/terms`
 * included. The loader sets status 404, which the server sends with the page (and logs).
 */
import { data } from 'react-router';
import { NotFoundSection } from '../components/sections/not-found.tsx';
import pageCopy from '../content/sections.yaml?page=not-found';
import { sectionsOf } from '../components/ui/section.tsx';

const section = sectionsOf(pageCopy);

export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export function Component() {
  return <NotFoundSection copy={section('not-found')} />;
}
