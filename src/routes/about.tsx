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
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { pageMeta } from '../lib/seo/page-head.ts';
import { siteContext } from '../react/load-context.ts';
import { keepLoadedData, pick, sectionsPart } from '../react/site-content.ts';

export function loader({ context }: LoaderFunctionArgs) {
  const { content } = context.get(siteContext);
  return {
    page: content['pages.yaml'].about,
    copy: sectionsPart(content, 'about'),
    awards: pick(content['awards.yaml'], ['id', 'name', 'image']),
    founders: pick(content['founder.yaml'], ['name', 'title', 'bio', 'image']),
    network: pick(content['network.yaml'], ['id', 'city', 'region', 'description']),
    quote: content['quotes.yaml'].find((q) => q.id === 'about-pull-quote'),
    stats: pick(content['stats.yaml'], ['value', 'label']),
    stories: pick(content['stories.yaml'], ['id', 'title', 'eyebrow', 'paragraphs']),
    team: pick(content['team.yaml'], ['id', 'name', 'position', 'description', 'image']),
    testimonials: pick(content['testimonials.yaml'], ['quote', 'author', 'position']),
  };
}

export const shouldRevalidate = keepLoadedData;

/** @throws Error when `quotes.yaml` has no quote "about-pull-quote" (the release fails to render) */
export default function Page() {
  const { copy, awards, founders, network, quote, stats, stories, team, testimonials } =
    useLoaderData<typeof loader>();
  const section = sectionsOf(copy);
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
