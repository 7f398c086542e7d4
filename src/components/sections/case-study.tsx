/**
 * A case study's page (`/showcase/<slug>`, docs/decisions/080-case-studies-and-their-slugs.md):
 * its opening with the facts a buyer asks for (client, sector, year, practices), the cover, the
 * headline result, the results each with its source, the story, the press coverage with outlet
 * and date, the client's words, and more work of the same category. Links to other stored pages
 * are plain anchors: each is a page of its own.
 */
import type { ShowcaseIcon } from '../../content/schemas.ts';
import type { ContentImage } from '../../lib/media.ts';
import type { RichTextInput } from '../../lib/rich-text.ts';
import { CategoryIcon } from '../ui/category-icon.tsx';
import { ItemCover } from '../ui/content-picture.tsx';
import { RichText } from '../ui/rich-text.tsx';
import { Container, Eyebrow, IndexNumber, Section } from '../ui/section.tsx';
import { CardTitleLink } from '../ui/links.tsx';
import { cx } from '../ui/cx.ts';

export interface CaseStudyView {
  title: string;
  slug: string;
  client: string;
  sector?: string | undefined;
  year?: number | undefined;
  summary: RichTextInput;
  outcome: string;
  cover?: ContentImage | undefined;
  body?: RichTextInput | undefined;
  results: ReadonlyArray<{ figure: string; measures: string; source: string }>;
  coverage: ReadonlyArray<{ outlet: string; headline: string; date: string; url: string }>;
}

/** A calendar date (`2026-11-27`) as Indian English writes it: "27 Nov 2026". */
const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** The path of a case study's page. */
export const caseStudyPath = (slug: string): string => `/showcase/${slug}`;

export function CaseStudyIntro({
  study,
  category,
  practices,
}: {
  study: CaseStudyView;
  category: { id: string; category: string; icon: ShowcaseIcon } | undefined;
  practices: ReadonlyArray<{ id: string; title: string }>;
}) {
  const facts: Array<[string, React.ReactNode]> = [
    ['Client', study.client === 'anonymised' ? 'Anonymised at the client’s request' : study.client],
    ...(study.sector ? [['Sector', study.sector] as [string, string]] : []),
    ...(study.year ? [['Year', String(study.year)] as [string, string]] : []),
  ];
  if (practices.length > 0) {
    facts.push([
      'Practices',
      <ul key="practices" role="list" className="flex flex-wrap gap-x-4 gap-y-1">
        {practices.map((p) => (
          <li key={p.id}>
            <a
              href={`/expertise#${p.id}`}
              className="underline decoration-stone-300 underline-offset-4 hover:decoration-accent"
            >
              {p.title}
            </a>
          </li>
        ))}
      </ul>,
    ]);
  }
  return (
    <Section labelledby="page-heading" background="stone" first>
      <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
        <ol role="list" className="flex flex-wrap items-center gap-2">
          <li>
            <a href="/showcase" className="underline underline-offset-4 hover:text-ink">
              Showcase
            </a>
          </li>
          {category && (
            <>
              <li aria-hidden="true">/</li>
              <li>
                <a
                  href={`/showcase#${category.id}`}
                  className="underline underline-offset-4 hover:text-ink"
                >
                  {category.category}
                </a>
              </li>
            </>
          )}
        </ol>
      </nav>
      <div className="mt-10 grid gap-10 lg:mt-14 lg:grid-cols-12 lg:gap-12">
        <div className="lg:col-span-8">
          <Eyebrow text="Case study" className="mb-6" />
          <h1 id="page-heading" className="text-display text-balance">
            {study.title}
          </h1>
          <RichText
            value={study.summary}
            blockClassName="mt-8 max-w-2xl text-lede text-stone-700"
          />
        </div>
        <aside aria-label="At a glance" className="lg:col-span-4 lg:pt-3">
          {category && (
            <span className="mb-6 hidden size-14 place-items-center border border-stone-300 lg:grid">
              <CategoryIcon name={category.icon} />
            </span>
          )}
          <dl className="divide-y divide-stone-200 border-y border-stone-200">
            {facts.map(([term, value]) => (
              <div key={term} className="grid grid-cols-[7rem_1fr] gap-4 py-4">
                <dt className="text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">
                  {term}
                </dt>
                <dd className="text-ink">{value}</dd>
              </div>
            ))}
          </dl>
        </aside>
      </div>
      <ItemCover image={study.cover} />
    </Section>
  );
}

/**
 * A case study's outcome after a short accent rule, named "Outcome" to assistive technology.
 * @param className the paragraph's gap, type and placement
 * @param dashClassName the rule's offset from the top, width and colour
 */
export function DashedOutcome({
  outcome,
  className,
  dashClassName,
}: {
  outcome: string;
  className: string;
  dashClassName: string;
}) {
  return (
    <p className={cx('flex', className)}>
      <span aria-hidden="true" className={cx('h-px shrink-0', dashClassName)} />
      <span>
        <span className="sr-only">Outcome: </span>
        {outcome}
      </span>
    </p>
  );
}

/** The headline result, then each figure with what it measures and where it comes from. */
export function CaseStudyResults({ study }: { study: CaseStudyView }) {
  return (
    <Section labelledby="results-heading" background="ink">
      <div className="grid gap-10 lg:grid-cols-12 lg:gap-12">
        <div className="lg:col-span-5">
          <Eyebrow text="Results" tone="dark" className="mb-6" />
          <h2 id="results-heading" className="text-title">
            What it achieved
          </h2>
        </div>
        <DashedOutcome
          outcome={study.outcome}
          className="gap-4 font-display text-subtitle text-paper lg:col-span-7 lg:pt-12"
          dashClassName="mt-4 w-10 bg-accent-bright"
        />
      </div>
      {study.results.length > 0 && (
        <ul role="list" className="mt-14 grid pt-px pl-px sm:grid-cols-2 lg:grid-cols-3">
          {study.results.map((result, i) => (
            <li key={i} className="-mt-px -ml-px flex flex-col border border-stone-800 p-7 md:p-9">
              <p className="font-display text-display leading-none text-paper">{result.figure}</p>
              <p className="mt-5 text-lg text-stone-200">{result.measures}</p>
              <p className="mt-auto pt-6 text-sm text-stone-300">
                <span className="font-semibold">Source:</span> {result.source}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The story in a reading column, with the coverage beside it from 1024px. */
export function CaseStudyStory({ study }: { study: CaseStudyView }) {
  if (!study.body && study.coverage.length === 0) return null;
  return (
    <Section labelledby={study.body ? 'story-heading' : 'coverage-heading'}>
      <div className="grid gap-14 lg:grid-cols-12 lg:gap-12">
        {study.body && (
          <div className="lg:col-span-7">
            <Eyebrow text="The story" className="mb-6" />
            <h2 id="story-heading" className="text-title">
              Brief, approach and what happened
            </h2>
            <div className="mt-10 max-w-[65ch] space-y-6 text-lg leading-relaxed text-stone-700">
              <RichText value={study.body} />
            </div>
          </div>
        )}
        {study.coverage.length > 0 && (
          <div className={study.body ? 'lg:col-span-4 lg:col-start-9' : 'lg:col-span-12'}>
            <h2 id="coverage-heading" className="font-display text-subtitle">
              In the press
            </h2>
            <ul role="list" className="mt-6 divide-y divide-stone-200 border-y border-stone-200">
              {study.coverage.map((article) => (
                <li key={article.url} className="py-5">
                  <p className="text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">
                    {article.outlet} · <time dateTime={article.date}>{longDate(article.date)}</time>
                  </p>
                  <a
                    href={article.url}
                    rel="noopener noreferrer"
                    className="mt-2 block font-display text-lg leading-snug underline decoration-stone-300 underline-offset-4 hover:decoration-accent"
                  >
                    {article.headline}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Section>
  );
}

export function CaseStudyTestimonial({
  testimonial,
}: {
  testimonial: { quote: string; author: string; position?: string | undefined };
}) {
  return (
    <section aria-label="What the client said" className="bg-stone-100 py-section">
      <Container>
        <figure className="mx-auto max-w-4xl">
          <blockquote className="font-display text-title text-balance">
            <p>
              <span aria-hidden="true" className="text-accent">
                “
              </span>
              {testimonial.quote}
              <span aria-hidden="true" className="text-accent">
                ”
              </span>
            </p>
          </blockquote>
          <figcaption className="mt-8 text-stone-700">
            <span className="font-semibold text-ink">{testimonial.author}</span>
            {testimonial.position && <>, {testimonial.position}</>}
          </figcaption>
        </figure>
      </Container>
    </section>
  );
}

/** Other case studies of the same category. */
export function RelatedCaseStudies({
  category,
  studies,
}: {
  category: string;
  studies: ReadonlyArray<{ title: string; slug: string; outcome: string }>;
}) {
  if (studies.length === 0) return null;
  return (
    <Section labelledby="related-heading" background="stone">
      <h2 id="related-heading" className="text-title">
        More {category} work
      </h2>
      <ul role="list" className="mt-12 grid pt-px pl-px md:grid-cols-2 lg:grid-cols-3">
        {studies.map((study, i) => (
          <li
            key={study.slug}
            className="group relative -mt-px -ml-px flex flex-col border border-stone-200 bg-paper p-7 transition-colors focus-within:bg-stone-50 hover:bg-stone-50 md:p-9"
          >
            <IndexNumber n={i + 1} />
            <h3 className="mt-8 font-display text-subtitle">
              <CardTitleLink href={caseStudyPath(study.slug)}>{study.title}</CardTitleLink>
            </h3>
            <p className="mt-6 border-t border-stone-200 pt-5 text-sm font-semibold">
              <span className="sr-only">Outcome: </span>
              {study.outcome}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
