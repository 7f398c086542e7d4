/** Home (docs/product.md#home); its form posts to this route. */
import { ContactSection } from '../components/sections/contact.tsx';
import { Hero } from '../components/sections/home.tsx';
import { ExpertiseIndex, HomeAbout, ShowcaseCards } from '../components/sections/home-lists.tsx';
import { AwardsSection, TestimonialsSection } from '../components/sections/recognition.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import awards from '../content/awards.yaml';
import pageCopy from '../content/sections.yaml?page=home';
import services from '../content/services.yaml?fields=id,title,summary';
import showcase from '../content/showcase.yaml?fields=id,category,icon,summary';
import stats from '../content/stats.yaml';
import testimonials from '../content/testimonials.yaml';
import { site } from '../site.config.ts';
import { pageMeta } from '../lib/seo/page-head.ts';

const section = sectionsOf(pageCopy);

export default function Page() {
  return (
    <>
      <Hero tagline={site.tagline} copy={section('home-hero')} targetId="about" />
      <HomeAbout id="about" copy={section('home-about')} stats={stats} />
      <ExpertiseIndex id="expertise" copy={section('home-expertise')} services={services} />
      <ShowcaseCards id="showcase" copy={section('home-showcase')} categories={showcase} />
      <TestimonialsSection
        id="testimonials"
        copy={section('home-testimonials')}
        testimonials={testimonials}
      />
      <AwardsSection id="awards" copy={section('home-awards')} awards={awards} />
      <ContactSection id="contact" copy={section('home-contact')} theme="light" />
    </>
  );
}

export const meta = pageMeta('home');
export {
  enquiryAction as action,
  enquiryClientAction as clientAction,
  enquiryHeaders as headers,
} from './enquiry-action.ts';
