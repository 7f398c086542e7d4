/**
 * A case study's page, `/showcase/<slug>` (docs/decisions/080-case-studies-and-their-slugs.md),
 * rendered once per release like the other pages (`src/server/stored-pages.ts`). A slug no case
 * study has is a 404 here; the server answers an old slug with a 301 and a removed case study's
 * with a 410 before this route is reached (`src/server/content/slugs.ts`).
 */
import { data, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import {
  CaseStudyIntro,
  CaseStudyResults,
  CaseStudyStory,
  CaseStudyTestimonial,
  RelatedCaseStudies,
} from '../components/sections/case-study.tsx';
import { CtaBand } from '../components/sections/shared.tsx';
import { toPlainText } from '../lib/rich-text.ts';
import { absoluteUrl } from '../lib/seo/urls.ts';
import { itemHead } from '../lib/seo/page-head.ts';
import { itemOgImagePath } from '../lib/seo/routes.ts';
import { siteContext } from '../react/load-context.ts';
import { keepLoadedData } from '../react/site-content.ts';
import { site } from '../site.config.ts';
import type { ErrorNotice } from '../root.tsx';

const UNKNOWN: ErrorNotice = {
  heading: 'This case study is not here',
  text: 'It may have been mistyped. Every case study the agency has published is on the Showcase page.',
};

/** Case studies of its category shown under it, first in the agency's order; the rest are on Showcase. */
const RELATED = 3;

export function loader({ params, context }: LoaderFunctionArgs) {
  const { content, preview } = context.get(siteContext);
  const study = content.find('case-studies.yaml', 'slug', params['slug'] ?? '');
  if (!study) throw data(UNKNOWN, { status: 404 });
  const category = content.find('showcase.yaml', 'id', study.category);
  const practices = study.practices.flatMap((id) => {
    const service = content.find('services.yaml', 'id', id);
    return service ? [{ id, title: service.title }] : [];
  });
  const testimonial =
    study.testimonial === undefined
      ? undefined
      : content.find('testimonials.yaml', 'id', study.testimonial);
  const related = content
    .list('case-studies.yaml', {
      fields: ['slug', 'title', 'outcome'],
      where: { category: study.category },
      perPage: RELATED + 1,
    })
    .items.filter((other) => other.slug !== study.slug)
    .slice(0, RELATED);
  const {
    id: _id,
    order: _order,
    category: _category,
    practices: _practices,
    testimonial: _testimonial,
    approvedBy: _by,
    approvedOn: _on,
    ...shown
  } = study;
  return {
    study: shown,
    card: itemOgImagePath('case-study', study.id),
    category: category && { id: category.id, category: category.category, icon: category.icon },
    practices,
    testimonial: testimonial && {
      quote: testimonial.quote,
      author: testimonial.author,
      position: testimonial.position,
    },
    related,
    cta: content.entry('sections.yaml', 'showcase-cta'),
    preview: preview !== undefined,
  };
}

export const shouldRevalidate = keepLoadedData;

export default function Page() {
  const { study, category, practices, testimonial, related, cta } = useLoaderData<typeof loader>();
  return (
    <>
      <CaseStudyIntro study={study} category={category} practices={practices} />
      <CaseStudyResults study={study} />
      <CaseStudyStory study={study} />
      {testimonial && <CaseStudyTestimonial testimonial={testimonial} />}
      {category && <RelatedCaseStudies category={category.category} studies={related} />}
      <CtaBand copy={cta} />
    </>
  );
}

/** Its own title, description and canonical URL; https://schema.org/CreativeWork for the work. */
export function meta({ location, matches }: MetaArgs) {
  const own = matches.find((m) => m?.id === 'case-study')?.loaderData as
    ReturnType<typeof loader> | undefined;
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    { siteOrigin?: string } | undefined;
  if (!own) return [];
  const origin = root?.siteOrigin ?? 'http://localhost:3000';
  const { study, category } = own;
  const summary = toPlainText(study.summary);
  const url = absoluteUrl(location.pathname, origin);
  const work = {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    '@id': `${url}#case-study`,
    name: study.title,
    headline: study.title,
    abstract: summary,
    url,
    ...(study.year ? { dateCreated: String(study.year) } : {}),
    ...(category ? { genre: category.category } : {}),
    ...(typeof study.cover === 'object' ? { image: absoluteUrl(study.cover.src, origin) } : {}),
    creator: { '@id': `${absoluteUrl('/', origin)}#organization` },
    publisher: { '@type': 'Organization', name: site.name, url: absoluteUrl('/', origin) },
    inLanguage: 'en-IN',
  };
  return itemHead(
    location.pathname,
    origin,
    {
      title: study.title,
      seoTitle: study.seoTitle,
      seoDescription: study.seoDescription,
      fallback: summary,
    },
    { id: 'showcase', crumbs: [{ name: 'Showcase', path: '/showcase' }] },
    work,
    own.preview,
    own.card,
  );
}
