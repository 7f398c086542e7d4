/**
 * Home's static parts (decision 015): the sections below the hero apart from the contact form,
 * with the content they show. `src/routes/home.tsx` draws them through `staticParts`, so this
 * module is a chunk of its own that the first load of the home page never downloads; the
 * counters and carousels among them get their behaviour from `bindWidgets` (decision 019).
 */
import { ExpertiseIndex, HomeAbout, ShowcaseCards } from '../../components/sections/home-lists.tsx';
import { AwardsSection, TestimonialsSection } from '../../components/sections/recognition.tsx';
import { byOrder } from '../../components/sections/shared.tsx';
import awards from '../../content/awards.yaml';
import pageCopy from '../../content/sections.yaml?page=home';
import { sectionsOf } from '../../components/ui/section.tsx';
import services from '../../content/services.yaml';
import showcase from '../../content/showcase.yaml';
import stats from '../../content/stats.yaml';
import testimonials from '../../content/testimonials.yaml';

const section = sectionsOf(pageCopy);

export function About() {
  return <HomeAbout id="about" copy={section('home-about')} stats={byOrder(stats)} />;
}

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

export function Testimonials() {
  return (
    <TestimonialsSection
      id="testimonials"
      copy={section('home-testimonials')}
      testimonials={byOrder(testimonials)}
    />
  );
}

export function Awards() {
  return <AwardsSection id="awards" copy={section('home-awards')} awards={byOrder(awards)} />;
}
