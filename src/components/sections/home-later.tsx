/**
 * The home page's sections below the hero with the content they show, in a module of their own:
 * `src/routes/home.tsx` loads it with `React.lazy` inside `<Suspense>` boundaries, so its code and
 * content are not among the modules the framework preloads before the first paint, and React
 * hydrates each boundary on its own once the module arrives, keeping the server's HTML until then
 * (selective hydration, https://react.dev/reference/react-dom/client/hydrateRoot and
 * https://react.dev/reference/react/lazy; docs/decisions/046-measured-as-deployed.md).
 */
import awards from '../../content/awards.yaml';
import type { SectionCopy } from '../../content/sections.ts';
import services from '../../content/services.yaml?fields=id,title,summary';
import showcase from '../../content/showcase.yaml?fields=id,category,icon,summary';
import stats from '../../content/stats.yaml';
import testimonials from '../../content/testimonials.yaml';
import { ExpertiseIndex, HomeAbout, ShowcaseCards } from './home-lists.tsx';
import { AwardsSection, TestimonialsSection } from './recognition.tsx';

/** About (with the stat counters), expertise and showcase; `aboutId` is the scroll cue's target. */
export function HomeLists({
  aboutId,
  copy,
}: {
  aboutId: string;
  copy: { about: SectionCopy; expertise: SectionCopy; showcase: SectionCopy };
}) {
  return (
    <>
      <HomeAbout id={aboutId} copy={copy.about} stats={stats} />
      <ExpertiseIndex id="expertise" copy={copy.expertise} services={services} />
      <ShowcaseCards id="showcase" copy={copy.showcase} categories={showcase} />
    </>
  );
}

/** The testimonial carousel. */
export function HomeTestimonials({ copy }: { copy: SectionCopy }) {
  return <TestimonialsSection id="testimonials" copy={copy} testimonials={testimonials} />;
}

/** The awards carousel. */
export function HomeAwards({ copy }: { copy: SectionCopy }) {
  return <AwardsSection id="awards" copy={copy} awards={awards} />;
}
