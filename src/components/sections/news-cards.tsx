/**
 * The newsroom's cards (docs/decisions/110-the-newsroom-and-its-feeds.md): on `/news`, under an
 * item and on the home page, which imports only these (`news.tsx` has the rest of the newsroom).
 */
import type { SectionCopy } from '../../content/sections.ts';
import { NEWS_KIND_LABELS, NEWS_PATH, type NewsKind } from '../../lib/news.ts';
import { ButtonLink, CardTitleLink } from '../ui/links.tsx';
import { Section, SectionHeader } from '../ui/section.tsx';

/**
 * What a card shows of an item: its summary as plain text (`toPlainText`, in the loader), as a
 * card linked whole holds no links of its own, and the cards then need no rich-text renderer.
 */
export interface NewsCardView {
  slug: string;
  title: string;
  kind: NewsKind;
  date: string;
  summary: string;
}

/** A calendar date (`2026-11-27`) as Indian English writes it: "27 Nov 2026". */
export const newsDate = (day: string): string =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** The path of an item's page. */
export const newsItemPath = (slug: string): string => `${NEWS_PATH}/${slug}`;

export function KindAndDate({ kind, date }: { kind: NewsKind; date: string }) {
  return (
    <p className="text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">
      {NEWS_KIND_LABELS[kind]} · <time dateTime={date}>{newsDate(date)}</time>
    </p>
  );
}

/** Items as cards in a grid of shared borders, each linked whole to its page. */
export function NewsCards({
  items,
  headingLevel = 2,
}: {
  items: readonly NewsCardView[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul role="list" className="grid pt-px pl-px md:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li
          key={item.slug}
          className="group relative -mt-px -ml-px flex flex-col border border-stone-200 bg-paper p-7 transition-colors focus-within:bg-stone-50 hover:bg-stone-50 md:p-9"
        >
          <KindAndDate kind={item.kind} date={item.date} />
          <Heading className="mt-6 font-display text-subtitle text-balance">
            <CardTitleLink href={newsItemPath(item.slug)}>{item.title}</CardTitleLink>
          </Heading>
          <p className="mt-5 text-stone-700">{item.summary}</p>
        </li>
      ))}
    </ul>
  );
}

/** The home page's three newest items. */
export function HomeNews({
  id,
  copy,
  items,
}: {
  id: string;
  copy: SectionCopy;
  items: readonly NewsCardView[];
}) {
  if (items.length === 0) return null;
  const { cta, ...header } = copy;
  return (
    <Section id={id} labelledby={`${id}-heading`}>
      <SectionHeader copy={header} headingId={`${id}-heading`} />
      <div className="mt-14 md:mt-20">
        <NewsCards items={items} headingLevel={3} />
      </div>
      <div className="mt-12 flex md:mt-16 md:justify-center">
        <ButtonLink href={NEWS_PATH}>{cta ?? 'All news'}</ButtonLink>
      </div>
    </Section>
  );
}
