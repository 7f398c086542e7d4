/** Home (docs/product.md#home); its form posts to this route. */
import { ContactSection } from '../components/sections/contact.tsx';
import { Hero } from '../components/sections/home.tsx';
import { ExpertiseIndex, HomeAbout, ShowcaseCards } from '../components/sections/home-lists.tsx';
import { HomeNews } from '../components/sections/news-cards.tsx';
import { AwardsSection, TestimonialsSection } from '../components/sections/recognition.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { site } from '../site.config.ts';
import { toPlainText } from '../lib/rich-text.ts';
import { pageMeta } from '../lib/seo/page-head.ts';
import { siteContext } from '../react/load-context.ts';
import { keepLoadedData, pick } from '../react/site-content.ts';

/** Case studies a category's card on Home links to; the rest are on Showcase. */
const STUDIES_PER_CATEGORY = 3;

export function loader({ context }: LoaderFunctionArgs) {
  const { content } = context.get(siteContext);
  const showcase = pick(content.collection('showcase.yaml'), ['id', 'category', 'icon', 'summary']);
  return {
    page: content.entry('pages.yaml', 'home'),
    copy: content.sections('home'),
    awards: pick(content.collection('awards.yaml'), ['id', 'name', 'image']),
    services: pick(content.collection('services.yaml'), ['id', 'title', 'summary']),
    showcase,
    studies: showcase.flatMap(
      (category) =>
        content.list('case-studies.yaml', {
          fields: ['slug', 'category', 'title'],
          where: { category: category.id },
          perPage: STUDIES_PER_CATEGORY,
        }).items,
    ),
    news: content
      .list('news.yaml', {
        fields: ['slug', 'title', 'kind', 'date', 'summary'],
        newestBy: 'date',
        perPage: 3,
      })
      .items.map((item) => ({ ...item, summary: toPlainText(item.summary) })),
    stats: pick(content.collection('stats.yaml'), ['value', 'label']),
    testimonials: pick(content.collection('testimonials.yaml'), ['quote', 'author', 'position']),
  };
}

export const shouldRevalidate = keepLoadedData;

export default function Page() {
  const { copy, awards, services, showcase, studies, news, stats, testimonials } =
    useLoaderData<typeof loader>();
  const section = sectionsOf(copy);
  return (
    <>
      <Hero tagline={site.tagline} copy={section('home-hero')} targetId="about" />
      <HomeAbout id="about" copy={section('home-about')} stats={stats} />
      <ExpertiseIndex id="expertise" copy={section('home-expertise')} services={services} />
      <ShowcaseCards
        id="showcase"
        copy={section('home-showcase')}
        categories={showcase}
        studies={studies}
      />
      <HomeNews id="news" copy={section('home-news')} items={news} />
      <TestimonialsSection
        id="testimonials"
        copy={section('home-testimonials')}
        testimonials={testimonials}
      />
      <AwardsSection id="awards" copy={section('home-awards')} awards={awards} />
      <ContactSection id="contact" copy={section('home-contact')} theme="light" />
    </>
  );
}

export const meta = pageMeta('home');
export {
  enquiryAction as action,
  enquiryClientAction as clientAction,
  enquiryHeaders as headers,
} from './enquiry-action.ts';
