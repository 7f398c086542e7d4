/**
 * The about page's static parts (decision 015): the pull quote, stories, founder, team and
 * network, with the content they show. `src/routes/about.tsx` draws them through `staticParts`.
 */
import {
  FounderProfile,
  NetworkTiles,
  PullQuote,
  Stories,
  TeamGrid,
} from '../../components/sections/about.tsx';
import { byOrder } from '../../components/sections/shared.tsx';
import founders from '../../content/founder.yaml';
import network from '../../content/network.yaml';
import quotes from '../../content/quotes.yaml';
import pageCopy from '../../content/sections.yaml?page=about';
import { sectionsOf } from '../../components/ui/section.tsx';
import stories from '../../content/stories.yaml';
import team from '../../content/team.yaml';

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
