/**
 * Home (docs/product.md#home); its form posts to this route. Only the hero is in the route's own
 * chunk. The sections below it are imported on first need (`src/components/sections/home-later.tsx`
 * and the contact section), each read in its own `<Suspense>` boundary, so they are not among the
 * modules preloaded before the first paint and hydrate one by one after it
 * (docs/decisions/046-measured-as-deployed.md). The server renders them in full: its pages wait
 * for every boundary (`src/entry.server.tsx`, `onAllReady`).
 */
import { Suspense, use } from 'react';
import { Hero } from '../components/sections/home.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import pageCopy from '../content/sections.yaml?page=home';
import { site } from '../site.config.ts';
import { pageMeta } from '../lib/seo/page-head.ts';

const section = sectionsOf(pageCopy);

/**
 * A module imported once, on first need. `useModule` returns it in render, through `use`
 * (https://react.dev/reference/react/use) while it is on its way: that suspends the nearest
 * `<Suspense>` boundary, which at hydration keeps the server's HTML until the module arrives.
 */
function onDemand<T>(load: () => Promise<T>): { load: () => Promise<T>; useModule: () => T } {
  let value: T | undefined;
  let promise: Promise<T> | undefined;
  const start = () => (promise ??= load().then((module) => (value = module)));
  return { load: start, useModule: () => value ?? use(start()) };
}

const later = onDemand(() => import('../components/sections/home-later.tsx'));
const contact = onDemand(() => import('../components/sections/contact.tsx'));

type Props<K extends keyof ReturnType<typeof later.useModule>> = Parameters<
  ReturnType<typeof later.useModule>[K]
>[0];

function HomeLists(props: Props<'HomeLists'>) {
  const { HomeLists } = later.useModule();
  return <HomeLists {...props} />;
}

function HomeTestimonials(props: Props<'HomeTestimonials'>) {
  const { HomeTestimonials } = later.useModule();
  return <HomeTestimonials {...props} />;
}

function HomeAwards(props: Props<'HomeAwards'>) {
  const { HomeAwards } = later.useModule();
  return <HomeAwards {...props} />;
}

function HomeContact() {
  const { ContactSection } = contact.useModule();
  return <ContactSection id="contact" copy={section('home-contact')} theme="light" />;
}

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
        <HomeContact />
      </Suspense>
    </>
  );
}

/**
 * Nothing to load on the server; its being there is what keeps `clientLoader` out of hydration:
 * a route whose `clientLoader` has no server `loader` beside it runs it to hydrate
 * (https://reactrouter.com/start/framework/route-module#clientloaderhydrate).
 */
export function loader(): null {
  return null;
}

/**
 * On client-side navigations only: the sections' modules are loaded before the page renders, so
 * React draws it whole instead of showing the boundaries empty until they arrive.
 */
export async function clientLoader(): Promise<null> {
  await Promise.all([later.load(), contact.load()]);
  return null;
}

export const meta = pageMeta('home');
export {
  enquiryAction as action,
  enquiryClientAction as clientAction,
  enquiryHeaders as headers,
} from './enquiry-action.ts';
