/** Home (docs/product.md#home): the sections in order; its form posts to this route. */
import { ContactSection } from '../components/sections/contact.tsx';
import { Hero, HomeAbout } from '../components/sections/home.tsx';
import { AwardsSection, byOrder, TestimonialsSection } from '../components/sections/shared.tsx';
import awards from '../content/awards.yaml';
import pageCopy from '../content/sections.yaml?page=home';
import { sectionsOf } from '../components/ui/section.tsx';
import stats from '../content/stats.yaml';
import testimonials from '../content/testimonials.yaml';
import { site } from '../site.config.ts';
import { HydrationBoundary } from '../components/ui/hydration-boundary.tsx';
import { staticParts } from '../components/ui/static-content.tsx';

const section = sectionsOf(pageCopy);

const parts = staticParts(() => import('./static/home.tsx'));
const Expertise = parts.part('Expertise');
const Showcase = parts.part('Showcase');

/** Loads the static parts before a client-side navigation renders the page (decision 015). */
export const preloadStaticParts = parts.preload;

export function Component() {
  return (
    <>
      <Hero tagline={site.tagline} copy={section('home-hero')} targetId="about" />
      <HydrationBoundary>
        <HomeAbout id="about" copy={section('home-about')} stats={byOrder(stats)} />
      </HydrationBoundary>
      <Expertise />
      <Showcase />
      <HydrationBoundary>
        <TestimonialsSection
          id="testimonials"
          copy={section('home-testimonials')}
          testimonials={byOrder(testimonials)}
        />
      </HydrationBoundary>
      <HydrationBoundary>
        <AwardsSection id="awards" copy={section('home-awards')} awards={byOrder(awards)} />
      </HydrationBoundary>
      <HydrationBoundary>
        <ContactSection id="contact" copy={section('home-contact')} theme="light" />
      </HydrationBoundary>
    </>
  );
}

export { enquiryAction as action } from './enquiry-action.ts';
