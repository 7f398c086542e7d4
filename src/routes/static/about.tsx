/**
 * The about page's static parts (decision 015): every section after the intro, with the content
 * it shows. `src/routes/about.tsx` draws them through `staticParts`; the counters and carousels
 * among them get their behaviour from `bindWidgets` (decision 019).
 */
import {
  FounderProfile,
  NetworkTiles,
  PullQuote,
  Stories,
  TeamGrid,
} from '../../components/sections/about.tsx';
import { StatsBand } from '../../components/sections/about-stats.tsx';
import { AwardsSection, TestimonialsSection } from '../../components/sections/recognition.tsx';
import { byOrder } from '../../components/sections/shared.tsx';
import awards from '../../content/awards.yaml';
import founders from '../../content/founder.yaml';
import network from '../../content/network.yaml';
import quotes from '../../content/quotes.yaml';
import pageCopy from '../../content/sections.yaml?page=about';
import { sectionsOf } from '../../components/ui/section.tsx';
import stats from '../../content/stats.yaml';
import stories from '../../content/stories.yaml';
import team from '../../content/team.yaml';
import testimonials from '../../content/testimonials.yaml';

const section = sectionsOf(pageCopy);

/**
 * The pull quote "about-pull-quote".
 * @throws Error when `quotes.yaml` has no such quote (the server's first render fails)
 */
export function Quote() {
  const quote = quotes.find((q) => q.id === 'about-pull-quote');
  if (!quote) throw new Error('Missing quote "about-pull-quote" in src/content/quotes.yaml');
  return <PullQuote quote={quote.quote} attribution={quote.attribution} />;
}

export function Story() {
  return <Stories copy={section('about-story')} stories={byOrder(stories)} />;
}

/** The founder, then the team and the network. */
export function People() {
  const [founder] = founders;
  return (
    <>
      {founder && <FounderProfile copy={section('about-founder')} founder={founder} />}
      <TeamGrid copy={section('about-team')} team={byOrder(team)} />
      <NetworkTiles copy={section('about-network')} tiles={byOrder(network)} />
    </>
  );
}

export function Stats() {
  return <StatsBand copy={section('about-stats')} stats={byOrder(stats)} />;
}

export function Awards() {
  return <AwardsSection id="awards" copy={section('about-awards')} awards={byOrder(awards)} />;
}

export function Testimonials() {
  return (
    <TestimonialsSection
      id="testimonials"
      copy={section('about-testimonials')}
      testimonials={byOrder(testimonials)}
    />
  );
}
