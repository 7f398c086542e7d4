/** About (docs/product.md#about): story, numbers, people, network and recognition. */
import { PageIntro } from '../components/sections/shared.tsx';
import pageCopy from '../content/sections.yaml?page=about';
import { sectionsOf } from '../components/ui/section.tsx';
import { staticParts } from '../components/ui/static-content.tsx';
import { bindWidgets } from '../lib/widgets/behaviour.ts';

const section = sectionsOf(pageCopy);

const parts = staticParts(() => import('./static/about.tsx'), { bind: bindWidgets });
const Quote = parts.part('Quote');
const Story = parts.part('Story');
const Stats = parts.part('Stats');
const People = parts.part('People');
const Awards = parts.part('Awards');
const Testimonials = parts.part('Testimonials');

/** Loads the static parts before a client-side navigation renders the page (decision 015). */
export const preloadStaticParts = parts.preload;

export function Component() {
  return (
    <>
      <PageIntro copy={section('about-intro')} />
      <Quote />
      <Story />
      <Stats />
      <People />
      <Awards />
      <Testimonials />
    </>
  );
}
