/** About (docs/product.md#about). */
import {
  FounderProfile,
  NetworkTiles,
  PullQuote,
  Stories,
  TeamGrid,
} from '../components/sections/about.tsx';
import { StatsBand } from '../components/sections/about-stats.tsx';
import { AwardsSection, TestimonialsSection } from '../components/sections/recognition.tsx';
import { PageIntro } from '../components/sections/shared.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import awards from '../content/awards.yaml';
import founders from '../content/founder.yaml';
import network from '../content/network.yaml';
import quotes from '../content/quotes.yaml';
import pageCopy from '../content/sections.yaml?page=about';
import stats from '../content/stats.yaml';
import stories from '../content/stories.yaml';
import team from '../content/team.yaml';
import testimonials from '../content/testimonials.yaml';
import { pageMeta } from '../lib/seo/page-head.ts';

const section = sectionsOf(pageCopy);

/** @throws Error when `quotes.yaml` has no quote "about-pull-quote" (the server fails to start) */
export default function Page() {
  const quote = quotes.find((q) => q.id === 'about-pull-quote');
  if (!quote) throw new Error('Missing quote "about-pull-quote" in src/content/quotes.yaml');
  const [founder] = founders;
  return (
    <>
      <PageIntro copy={section('about-intro')} />
      <PullQuote quote={quote.quote} attribution={quote.attribution} />
      <Stories copy={section('about-story')} stories={stories} />
      <StatsBand copy={section('about-stats')} stats={stats} />
      {founder && <FounderProfile copy={section('about-founder')} founder={founder} />}
      <TeamGrid copy={section('about-team')} team={team} />
      <NetworkTiles copy={section('about-network')} tiles={network} />
      <AwardsSection id="awards" copy={section('about-awards')} awards={awards} />
      <TestimonialsSection
        id="testimonials"
        copy={section('about-testimonials')}
        testimonials={testimonials}
      />
    </>
  );
}

export const meta = pageMeta('about');
