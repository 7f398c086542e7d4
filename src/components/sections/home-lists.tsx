/** The home page's about block, expertise index and showcase cards (docs/product.md#home). */
import { ArrowUpRight as arrowUpRightIcon } from 'lucide';
import { Icon } from '../ui/icon.tsx';
import type { ShowcaseIcon } from '../../content/schemas.ts';
import type { SectionCopy } from '../../content/sections.ts';
import { CategoryIcon } from '../ui/category-icon.tsx';
import { ArrowLink, ButtonLink, SmartLink, STRETCHED_LINK } from '../ui/links.tsx';
import { Eyebrow, IndexNumber, Section, SectionHeader } from '../ui/section.tsx';
import { StatCounters } from '../widgets/stat-counters.tsx';

export function ExpertiseIndex({
  id,
  copy,
  services,
}: {
  id: string;
  copy: SectionCopy;
  services: ReadonlyArray<{ id: string; title: string; summary: string }>;
}) {
  return (
    <Section id={id} labelledby={`${id}-heading`} background="ink">
      <SectionHeader copy={copy} headingId={`${id}-heading`} tone="dark" />
      <ol className="mt-14 border-b border-stone-800 md:mt-20" role="list">
        {services.map((service, i) => (
          <li
            key={service.id}
            className="group relative grid grid-cols-[2.5rem_1fr_auto] items-baseline gap-x-4 border-t border-stone-800 py-6 transition-colors focus-within:bg-stone-800/40 hover:bg-stone-800/40 md:grid-cols-[4rem_minmax(0,5fr)_minmax(0,6fr)_auto] md:gap-x-8 md:py-8"
          >
            <IndexNumber n={i + 1} tone="dark" />
            <h3 className="text-subtitle">
              <SmartLink href={`/expertise#${service.id}`} className={STRETCHED_LINK}>
                {service.title}
              </SmartLink>
            </h3>
            <p className="col-start-2 mt-2 text-stone-300 md:col-start-auto md:mt-0">
              {service.summary}
            </p>
            <Icon
              icon={arrowUpRightIcon}
              size={28}
              strokeWidth={1.5}
              className="col-start-3 row-start-1 self-center text-accent-bright opacity-0 transition duration-200 group-focus-within:opacity-100 group-hover:translate-x-0 group-hover:opacity-100 md:col-start-4 md:-translate-x-2"
            />
          </li>
        ))}
      </ol>
      {copy.cta && (
        <ArrowLink href="/expertise" tone="dark" className="mt-10">
          {copy.cta}
        </ArrowLink>
      )}
    </Section>
  );
}

export function ShowcaseCards({
  id,
  copy,
  categories,
  studies,
}: {
  id: string;
  copy: SectionCopy;
  categories: ReadonlyArray<{ id: string; category: string; icon: ShowcaseIcon; summary: string }>;
  /** Published case studies (the first few of each category), each linked from its category's card to its page. */
  studies: ReadonlyArray<{ slug: string; category: string; title: string }>;
}) {
  const { cta, ...header } = copy;
  return (
    <Section id={id} labelledby={`${id}-heading`} background="stone">
      <SectionHeader copy={header} headingId={`${id}-heading`} />
      <ul
        className="mt-14 grid gap-px border border-stone-200 bg-stone-200 sm:grid-cols-2 md:mt-20 lg:grid-cols-4"
        role="list"
      >
        {categories.map((category, i) => (
          <li key={category.id} className="flex flex-col bg-paper p-7 md:p-8">
            <div className="flex items-start justify-between">
              <CategoryIcon name={category.icon} className="text-ink" />
              <IndexNumber n={i + 1} />
            </div>
            <h3 id={`card-${category.id}`} className="mt-16 text-subtitle md:mt-24">
              {category.category}
            </h3>
            <p className="mt-3 mb-8 text-stone-600">{category.summary}</p>
            <ul role="list" className="mb-8 border-t border-stone-200 text-sm">
              {studies
                .filter((study) => study.category === category.id)
                .map((study) => (
                  <li key={study.slug} className="border-b border-stone-200">
                    <a
                      href={`/showcase/${study.slug}`}
                      className="block py-3 leading-snug text-stone-700 underline-offset-4 hover:text-ink hover:underline hover:decoration-accent"
                    >
                      {study.title}
                    </a>
                  </li>
                ))}
            </ul>
            <ArrowLink
              href={`/showcase#${category.id}`}
              describedby={`card-${category.id}`}
              className="mt-auto self-start"
            >
              View Projects
            </ArrowLink>
          </li>
        ))}
      </ul>
      <div className="mt-12 flex md:mt-16 md:justify-center">
        <ButtonLink href="/showcase">{cta ?? 'View All Projects'}</ButtonLink>
      </div>
    </Section>
  );
}

export function HomeAbout({
  id,
  copy,
  stats,
}: {
  id: string;
  copy: SectionCopy;
  stats: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <Section id={id} labelledby={`${id}-heading`}>
      <div className="grid gap-10 lg:grid-cols-12 lg:gap-12">
        <div className="lg:col-span-5">
          {copy.eyebrow && <Eyebrow text={copy.eyebrow} className="mb-6" />}
          <h2 id={`${id}-heading`} className="max-w-md text-title">
            {copy.heading}
          </h2>
        </div>
        <div className="lg:col-span-7 lg:pt-14">
          <p className="font-display text-subtitle text-stone-800">{copy.lede}</p>
          {copy.cta && (
            <ArrowLink href="/about" className="mt-8">
              {copy.cta}
            </ArrowLink>
          )}
        </div>
      </div>
      <div className="mt-16 border-t border-stone-200 pt-12 md:mt-24 md:pt-16">
        <StatCounters stats={stats} />
      </div>
    </Section>
  );
}
