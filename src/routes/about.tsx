/** About (docs/product.md#about): story, numbers, people, network and recognition. */
import { StatsBand } from '../components/sections/about-stats.tsx';
import {
  AwardsSection,
  byOrder,
  PageIntro,
  TestimonialsSection,
} from '../components/sections/shared.tsx';
import awards from '../content/awards.yaml';
import pageCopy from '../content/sections.yaml?page=about';
import { sectionsOf } from '../components/ui/section.tsx';
import stats from '../content/stats.yaml';
import testimonials from '../content/testimonials.yaml';
import { HydrationBoundary } from '../components/ui/hydration-boundary.tsx';
import { staticParts } from '../components/ui/static-content.tsx';

const section = sectionsOf(pageCopy);

const parts = staticParts(() => import('./static/about.tsx'));
const Quote = parts.part('Quote');
const Story = parts.part('Story');
const People = parts.part('People');

/** Loads the static parts before a client-side navigation renders the page (decision 015). */
export const preloadStaticParts = parts.preload;

export function Component() {
  return (
    <>
      <PageIntro copy={section('about-intro')} />
      <Quote />
      <Story />
      <HydrationBoundary>
        <StatsBand copy={section('about-stats')} stats={byOrder(stats)} />
      </HydrationBoundary>
      <People />
      <HydrationBoundary>
        <AwardsSection id="awards" copy={section('about-awards')} awards={byOrder(awards)} />
      </HydrationBoundary>
      <HydrationBoundary>
        <TestimonialsSection
          id="testimonials"
          copy={section('about-testimonials')}
          testimonials={byOrder(testimonials)}
        />
      </HydrationBoundary>
    </>
  );
}
