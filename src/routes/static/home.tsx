/**
 * Home's static parts (decision 015): sections without behaviour, with the content they show.
 * `src/routes/home.tsx` draws them through `staticParts`, so this module is a chunk of its own that
 * the first load of the home page never downloads.
 */
import { ExpertiseIndex, ShowcaseCards } from '../../components/sections/home-lists.tsx';
import { byOrder } from '../../components/sections/shared.tsx';
import pageCopy from '../../content/sections.yaml?page=home';
import { sectionsOf } from '../../components/ui/section.tsx';
import services from '../../content/services.yaml';
import showcase from '../../content/showcase.yaml';

const section = sectionsOf(pageCopy);

export function Expertise() {
  return (
    <ExpertiseIndex id="expertise" copy={section('home-expertise')} services={byOrder(services)} />
  );
}

export function Showcase() {
  return (
    <ShowcaseCards id="showcase" copy={section('home-showcase')} categories={byOrder(showcase)} />
  );
}
