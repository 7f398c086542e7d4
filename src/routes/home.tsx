/** Home (docs/product.md#home): the sections in order; its form posts to this route. */
import { ContactSection } from '../components/sections/contact.tsx';
import { Hero } from '../components/sections/home.tsx';
import pageCopy from '../content/sections.yaml?page=home';
import { sectionsOf } from '../components/ui/section.tsx';
import { site } from '../site.config.ts';
import { HydrationBoundary } from '../components/ui/hydration-boundary.tsx';
import { staticParts } from '../components/ui/static-content.tsx';
import { bindWidgets } from '../lib/widgets/behaviour.ts';

const section = sectionsOf(pageCopy);

const parts = staticParts(() => import('./static/home.tsx'), { bind: bindWidgets });
const About = parts.part('About');
const Expertise = parts.part('Expertise');
const Showcase = parts.part('Showcase');
const Testimonials = parts.part('Testimonials');
const Awards = parts.part('Awards');

/** Loads the static parts before a client-side navigation renders the page (decision 015). */
export const preloadStaticParts = parts.preload;

export function Component() {
  return (
    <>
      <Hero tagline={site.tagline} copy={section('home-hero')} targetId="about" />
      <About />
      <Expertise />
      <Showcase />
      <Testimonials />
      <Awards />
      <HydrationBoundary>
        <ContactSection id="contact" copy={section('home-contact')} theme="light" />
      </HydrationBoundary>
    </>
  );
}

export { enquiryAction as action } from './enquiry-action.ts';
