/** The 404 page (docs/product.md#404-page), for every path that is not a page: status 404. */
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
