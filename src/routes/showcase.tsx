/** Showcase (docs/product.md#showcase): four categories of two projects, then a call to contact. */
import { PageIntro } from '../components/sections/shared.tsx';
import pageCopy from '../content/sections.yaml?page=showcase';
import { sectionsOf } from '../components/ui/section.tsx';
import { staticParts } from '../components/ui/static-content.tsx';

const section = sectionsOf(pageCopy);

const parts = staticParts(() => import('./static/showcase.tsx'));
const Categories = parts.part('Categories');
const Cta = parts.part('Cta');

/** Loads the static parts before a client-side navigation renders the page (decision 015). */
export const preloadStaticParts = parts.preload;

export function Component() {
  return (
    <>
      <PageIntro copy={section('showcase-intro')} />
      <Categories />
      <Cta />
    </>
  );
}
