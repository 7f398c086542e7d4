/**
 * The newsroom (docs/decisions/110-the-newsroom-and-its-feeds.md), its cards aside
 * (`news-cards.tsx`): the filters and page links of a listing (plain anchors: each listing is a stored
 * page), and an item's page at `/news/<slug>`: headline, kind, date, author, cover, full text
 * and media contact.
 */
import type { ContentImage } from '../../lib/media.ts';
import {
  filterPath,
  NEWS_KIND_LABELS,
  NEWS_PATH,
  type NewsFilter,
  type NewsKind,
} from '../../lib/news.ts';
import type { RichTextInput } from '../../lib/rich-text.ts';
import { cx } from '../ui/cx.ts';
import { ItemCover } from '../ui/content-picture.tsx';
import { RichText } from '../ui/rich-text.tsx';
import { Eyebrow, Section } from '../ui/section.tsx';
import { newsDate, NewsCards, type NewsCardView } from './news-cards.tsx';

/** Each kind's items, as a filter and a breadcrumb name them. */
const KIND_PLURALS: Readonly<Record<NewsKind, string>> = {
  'press-release': 'Press releases',
  news: 'Agency news',
  insight: 'Insights',
};

const LINK = 'underline decoration-stone-300 underline-offset-4 hover:decoration-accent';

/** A filter's name on its link and in a filtered listing's heading. */
export const filterName = (
  filter: NewsFilter,
  practices: ReadonlyArray<{ id: string; title: string }>,
): string =>
  filter.by === 'all'
    ? 'All'
    : filter.by === 'kind'
      ? KIND_PLURALS[filter.kind]
      : (practices.find((p) => p.id === filter.practice)?.title ?? filter.practice);

const sameFilter = (a: NewsFilter, b: NewsFilter) => filterPath(a) === filterPath(b);

/** The filters as plain links, the shown one marked current. */
export function NewsFilters({
  filters,
  current,
  practices,
}: {
  filters: readonly NewsFilter[];
  current: NewsFilter;
  practices: ReadonlyArray<{ id: string; title: string }>;
}) {
  const kinds = filters.filter((f) => f.by === 'kind');
  const byPractice = filters.filter((f) => f.by === 'practice');
  const group = (label: string, list: readonly NewsFilter[]) => (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-baseline sm:gap-6">
      <h2 className="w-24 shrink-0 text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">
        {label}
      </h2>
      <ul role="list" className="flex flex-wrap gap-2">
        {list.map((filter) => {
          const on = sameFilter(filter, current);
          return (
            <li key={filterPath(filter)}>
              <a
                href={filterPath(filter)}
                aria-current={on ? 'page' : undefined}
                className={cx(
                  'inline-flex min-h-11 items-center border px-4 text-sm transition-colors',
                  on
                    ? 'border-ink bg-ink text-paper'
                    : 'border-stone-300 text-ink hover:border-ink',
                )}
              >
                {filterName(filter, practices)}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
  return (
    <nav aria-label="Filter the newsroom" className="mt-12 flex flex-col gap-6 md:mt-16">
      {group('Kind', [{ by: 'all' }, ...kinds])}
      {byPractice.length > 0 && group('Practice', byPractice)}
    </nav>
  );
}

/** Newer and older pages of a listing, as links with `rel`. */
export function NewsPagination({
  page,
  pages,
  pathOf,
  labels = { previous: '← Newer', next: 'Older →' },
}: {
  page: number;
  pages: number;
  pathOf: (page: number) => string;
  /** The links' text; default the newsroom's, newest first. */
  labels?: { previous: string; next: string };
}) {
  if (pages <= 1) return null;
  return (
    <nav
      aria-label="Pages"
      className="mt-12 flex flex-wrap items-center justify-between gap-4 md:mt-16"
    >
      {page > 1 ? (
        <a href={pathOf(page - 1)} rel="prev" className={cx(LINK, 'min-h-11 py-3 font-semibold')}>
          {labels.previous}
        </a>
      ) : (
        <span />
      )}
      <p className="text-sm text-stone-600">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <a href={pathOf(page + 1)} rel="next" className={cx(LINK, 'min-h-11 py-3 font-semibold')}>
          {labels.next}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

export interface NewsItemView extends Omit<NewsCardView, 'summary'> {
  summary: RichTextInput;
  body: RichTextInput;
  cover?: ContentImage | undefined;
  contactName?: string | undefined;
  contactEmail?: string | undefined;
  contactPhone?: string | undefined;
}

/** An item's page: its opening, cover, full text with the facts beside it, the media contact. */
export function NewsArticle({
  item,
  author,
  practices,
}: {
  item: NewsItemView;
  author: { name: string; position: string } | undefined;
  practices: ReadonlyArray<{ id: string; title: string }>;
}) {
  const contact = item.contactName ?? item.contactEmail ?? item.contactPhone;
  return (
    <>
      <Section labelledby="page-heading" background="stone" first>
        <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
          <ol role="list" className="flex flex-wrap items-center gap-2">
            <li>
              <a href={NEWS_PATH} className="underline underline-offset-4 hover:text-ink">
                Newsroom
              </a>
            </li>
            <li aria-hidden="true">/</li>
            <li>
              <a
                href={filterPath({ by: 'kind', kind: item.kind })}
                className="underline underline-offset-4 hover:text-ink"
              >
                {KIND_PLURALS[item.kind]}
              </a>
            </li>
          </ol>
        </nav>
        <div className="mt-10 max-w-4xl lg:mt-14">
          <Eyebrow text={NEWS_KIND_LABELS[item.kind]} className="mb-6" />
          <h1 id="page-heading" className="text-display text-balance">
            {item.title}
          </h1>
          <p className="mt-8 text-stone-700">
            <time dateTime={item.date}>{newsDate(item.date)}</time>
            {author && (
              <>
                {' · '}
                <span className="font-semibold text-ink">{author.name}</span>, {author.position}
              </>
            )}
          </p>
          <RichText value={item.summary} blockClassName="mt-8 max-w-2xl text-lede text-stone-700" />
        </div>
        <ItemCover image={item.cover} />
      </Section>
      <Section labelledby="text-heading">
        <div className="grid gap-14 lg:grid-cols-12 lg:gap-12">
          <div className="max-w-[65ch] space-y-6 text-lg leading-relaxed text-stone-700 lg:col-span-7">
            <h2 id="text-heading" className="sr-only">
              Full text
            </h2>
            <RichText value={item.body} />
          </div>
          <aside className="flex flex-col gap-10 lg:col-span-4 lg:col-start-9">
            {contact && (
              <div>
                <h2 id="contact-heading" className="font-display text-subtitle">
                  Media contact
                </h2>
                <dl className="mt-6 divide-y divide-stone-200 border-y border-stone-200">
                  {item.contactName && (
                    <div className="py-4">
                      <dt className="sr-only">Name</dt>
                      <dd className="text-ink">{item.contactName}</dd>
                    </div>
                  )}
                  {item.contactEmail && (
                    <div className="py-4">
                      <dt className="sr-only">E-mail</dt>
                      <dd>
                        <a href={`mailto:${item.contactEmail}`} className={LINK}>
                          {item.contactEmail}
                        </a>
                      </dd>
                    </div>
                  )}
                  {item.contactPhone && (
                    <div className="py-4">
                      <dt className="sr-only">Phone</dt>
                      <dd>
                        <a
                          href={`tel:${item.contactPhone.replace(/[^+\d]/g, '')}`}
                          className={LINK}
                        >
                          {item.contactPhone}
                        </a>
                      </dd>
                    </div>
                  )}
                </dl>
              </div>
            )}
            {practices.length > 0 && (
              <div>
                <h2 id="practices-heading" className="font-display text-subtitle">
                  More on
                </h2>
                <ul role="list" className="mt-6 flex flex-wrap gap-2">
                  {practices.map((p) => (
                    <li key={p.id}>
                      <a
                        href={filterPath({ by: 'practice', practice: p.id })}
                        className="inline-flex min-h-11 items-center border border-stone-300 px-4 text-sm hover:border-ink"
                      >
                        {p.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </aside>
        </div>
      </Section>
    </>
  );
}

/** Newer items on the same practices. */
export function RelatedNews({ items }: { items: readonly NewsCardView[] }) {
  if (items.length === 0) return null;
  return (
    <Section labelledby="related-heading" background="stone">
      <h2 id="related-heading" className="text-title">
        More from the newsroom
      </h2>
      <div className="mt-12">
        <NewsCards items={items} headingLevel={3} />
      </div>
    </Section>
  );
}
