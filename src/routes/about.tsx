/** About (docs/product.md#about): story, numbers, people, network and recognition. */
import {
  FounderProfile,
  NetworkTiles,
  PullQuote,
  StatsBand,
  Stories,
  TeamGrid,
} from '../components/sections/about.tsx';
import {
  AwardsSection,
  byOrder,
  PageIntro,
  TestimonialsSection,
} from '../components/sections/shared.tsx';
import { PageMeta } from '../components/seo/page-meta.tsx';
import awards from '../content/awards.yaml';
import founders from '../content/founder.yaml';
import network from '../content/network.yaml';
import quotes from '../content/quotes.yaml';
import { section } from '../content/sections.ts';
import stats from '../content/stats.yaml';
import stories from '../content/stories.yaml';
import team from '../content/team.yaml';
import testimonials from '../content/testimonials.yaml';
import { HydrationBoundary } from '../components/ui/hydration-boundary.tsx';

/**
 * The pull quote of the About page.
 * @throws Error when `quotes.yaml` has no `about-pull-quote` (fails the build's render check).
 */
function pullQuote() {
  const quote = quotes.find((q) => q.id === 'about-pull-quote');
  if (!quote) throw new Error('Missing quote "about-pull-quote" in src/content/quotes.yaml');
  return quote;
}

export function Component() {
  const quote = pullQuote();
  const [founder] = founders;
  return (
    <>
      <PageMeta id="about" />
      <PageIntro copy={section('about-intro')} />
      <PullQuote quote={quote.quote} attribution={quote.attribution} />
      <HydrationBoundary>
        <Stories copy={section('about-story')} stories={byOrder(stories)} />
      </HydrationBoundary>
      <HydrationBoundary>
        <StatsBand copy={section('about-stats')} stats={byOrder(stats)} />
      </HydrationBoundary>
      <HydrationBoundary>
        {founder && <FounderProfile copy={section('about-founder')} founder={founder} />}
      </HydrationBoundary>
      <HydrationBoundary>
        <TeamGrid copy={section('about-team')} team={byOrder(team)} />
      </HydrationBoundary>
      <HydrationBoundary>
        <NetworkTiles copy={section('about-network')} tiles={byOrder(network)} />
      </HydrationBoundary>
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
