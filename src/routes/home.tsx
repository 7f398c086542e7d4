/**
 * Home (docs/product.md#home); its form posts to this route. Only the hero is in the route's own
 * chunk; the sections below it are loaded with `React.lazy`, each in its own `<Suspense>`
 * boundary, so they stay out of the modules preloaded before the first paint and hydrate one by
 * one after it (`src/components/sections/home-later.tsx`,
 * docs/decisions/046-measured-as-deployed.md). The server renders them in full: its stored pages
 * wait for every boundary (`src/entry.server.tsx`, `onAllReady`).
 */
import { lazy, Suspense } from 'react';
import { Hero } from '../components/sections/home.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import pageCopy from '../content/sections.yaml?page=home';
import { site } from '../site.config.ts';
import { pageMeta } from '../lib/seo/page-head.ts';

const section = sectionsOf(pageCopy);
const later = () => import('../components/sections/home-later.tsx');
const HomeLists = lazy(() => later().then((m) => ({ default: m.HomeLists })));
const HomeTestimonials = lazy(() => later().then((m) => ({ default: m.HomeTestimonials })));
const HomeAwards = lazy(() => later().then((m) => ({ default: m.HomeAwards })));
const ContactSection = lazy(() =>
  import('../components/sections/contact.tsx').then((m) => ({ default: m.ContactSection })),
);

export default function Page() {
  return (
    <>
      <Hero tagline={site.tagline} copy={section('home-hero')} targetId="about" />
      <Suspense>
        <HomeLists
          aboutId="about"
          copy={{
            about: section('home-about'),
            expertise: section('home-expertise'),
            showcase: section('home-showcase'),
          }}
        />
      </Suspense>
      <Suspense>
        <HomeTestimonials copy={section('home-testimonials')} />
      </Suspense>
      <Suspense>
        <HomeAwards copy={section('home-awards')} />
      </Suspense>
      <Suspense>
        <ContactSection id="contact" copy={section('home-contact')} theme="light" />
      </Suspense>
    </>
  );
}

export const meta = pageMeta('home');
export {
  enquiryAction as action,
  enquiryClientAction as clientAction,
  enquiryHeaders as headers,
} from './enquiry-action.ts';
