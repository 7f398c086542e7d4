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
import { keepLoadedData, pick } from '../react/site-content.ts';

export function loader({ context }: LoaderFunctionArgs) {
  const { content } = context.get(siteContext);
  return {
    page: content.entry('pages.yaml', 'about'),
    copy: content.sections('about'),
    awards: pick(content.collection('awards.yaml'), ['id', 'name', 'image']),
    founders: pick(content.collection('founder.yaml'), ['name', 'title', 'bio', 'image']),
    network: pick(content.collection('network.yaml'), ['id', 'city', 'region', 'description']),
    quote: content.collection('quotes.yaml').find((q) => q.id === 'about-pull-quote'),
    stats: pick(content.collection('stats.yaml'), ['value', 'label']),
    stories: pick(content.collection('stories.yaml'), ['id', 'title', 'eyebrow', 'paragraphs']),
    team: pick(content.collection('team.yaml'), ['id', 'name', 'position', 'description', 'image']),
    testimonials: pick(content.collection('testimonials.yaml'), ['quote', 'author', 'position']),
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
