/**
 * The showcase page's static part (decision 015): every category with its projects.
 * `src/routes/showcase.tsx` draws it through `staticParts`.
 */
import { ShowcaseDetails } from '../../components/sections/showcase.tsx';
import pageCopy from '../../content/sections.yaml?page=showcase';
import { sectionsOf } from '../../components/ui/section.tsx';
import { byOrder, CtaBand } from '../../components/sections/shared.tsx';
import showcase from '../../content/showcase.yaml';

const section = sectionsOf(pageCopy);

export function Categories() {
  return <ShowcaseDetails categories={byOrder(showcase)} />;
}

/** The call to contact that closes the page. */
export function Cta() {
  return <CtaBand copy={section('showcase-cta')} />;
}
