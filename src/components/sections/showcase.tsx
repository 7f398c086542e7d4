/**
 * The Showcase page's categories (docs/product.md#showcase), each with its published case
 * studies, every card a link to its page (a plain anchor: each is a stored page of its own).
 */
import { ArrowRight as arrowRightIcon } from 'lucide';
import type { ShowcaseIcon } from '../../content/schemas.ts';
import type { RichTextInput } from '../../lib/rich-text.ts';
import { categoryListingPath } from '../../lib/showcase.ts';
import { CategoryIcon } from '../ui/category-icon.tsx';
import { ArrowLink } from '../ui/links.tsx';
import { Icon } from '../ui/icon.tsx';
import { caseStudyPath, DashedOutcome } from './case-study.tsx';
import { RichText } from '../ui/rich-text.tsx';
import { IndexNumber, Section } from '../ui/section.tsx';
import { cx } from '../ui/cx.ts';
import { CardTitleLink } from '../ui/links.tsx';

/**
 * @param studies the case studies shown, each under its category
 * @param totals each category's published case studies in all; when more than it shows, the
 *   category links to its own listing (`src/lib/showcase.ts`)
 */
export function ShowcaseDetails({
  categories,
  studies,
  totals = {},
}: {
  categories: ReadonlyArray<{ id: string; category: string; icon: ShowcaseIcon; summary: string }>;
  studies: ReadonlyArray<{
    slug: string;
    category: string;
    title: string;
    summary: RichTextInput;
    outcome: string;
  }>;
  totals?: Readonly<Record<string, number>>;
}) {
  return categories.map((category, i) => (
    <Section
      key={category.id}
      id={category.id}
      labelledby={`${category.id}-heading`}
      background={i % 2 === 0 ? 'paper' : 'stone'}
    >
      <div className="grid gap-10 lg:grid-cols-12 lg:gap-12">
        <header className="lg:col-span-4">
          <div className="flex items-center gap-4">
            <span className="grid size-14 place-items-center border border-stone-300">
              <CategoryIcon name={category.icon} />
            </span>
            <IndexNumber n={i + 1} />
          </div>
          <h2 id={`${category.id}-heading`} className="mt-8 text-title">
            {category.category}
          </h2>
          <p className="mt-4 max-w-sm text-lg text-stone-700">{category.summary}</p>
          {(totals[category.id] ?? 0) > studies.filter((s) => s.category === category.id).length ? (
            <ArrowLink
              href={categoryListingPath({ category: category.id, page: 1 })}
              describedby={`${category.id}-heading`}
              className="mt-6"
            >
              {`All ${totals[category.id]} case studies`}
            </ArrowLink>
          ) : null}
        </header>
        <ul role="list" className="grid self-start pt-px pl-px md:grid-cols-2 lg:col-span-8">
          {studies
            .filter((study) => study.category === category.id)
            .map((study) => (
              <li
                key={study.slug}
                className={cx(
                  'group relative -mt-px -ml-px flex flex-col border border-stone-200 p-7 transition-colors focus-within:bg-stone-100 hover:bg-stone-100 md:p-9',
                  i % 2 === 0 ? 'bg-stone-50' : 'bg-paper',
                )}
              >
                <article className="flex flex-1 flex-col">
                  <h3 className="font-display text-subtitle">
                    <CardTitleLink
                      href={caseStudyPath(study.slug)}
                      className="group-hover:decoration-1"
                    >
                      {study.title}
                    </CardTitleLink>
                  </h3>
                  <RichText
                    value={study.summary}
                    blockClassName="mt-4 leading-relaxed text-stone-700"
                  />
                  <DashedOutcome
                    outcome={study.outcome}
                    className="mt-8 gap-3 border-t border-stone-200 pt-5 text-sm font-semibold text-ink"
                    dashClassName="mt-2 w-6 bg-accent"
                  />
                  <p
                    aria-hidden="true"
                    className="mt-6 inline-flex items-center gap-2 text-sm font-semibold tracking-wide text-stone-700"
                  >
                    Read the case study
                    <Icon
                      icon={arrowRightIcon}
                      size={16}
                      className="text-accent transition-transform duration-200 group-focus-within:translate-x-1 group-hover:translate-x-1"
                    />
                  </p>
                </article>
              </li>
            ))}
        </ul>
      </div>
    </Section>
  ));
}
