/**
 * A newsroom item's page, `/news/<slug>` (docs/decisions/110-the-newsroom-and-its-feeds.md),
 * rendered once per release like the other pages (`src/server/stored-pages.ts`). A slug no item
 * has is a 404 here; the server answers an old slug with a 301 and a removed item's with a 410
 * before this route is reached (`src/server/content/slugs.ts`).
 */
import { data, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { NewsArticle, RelatedNews } from '../components/sections/news.tsx';
import { CtaBand } from '../components/sections/shared.tsx';
import { NEWS_KIND_LABELS, NEWS_PATH } from '../lib/news.ts';
import { toPlainText } from '../lib/rich-text.ts';
import { LOGO_PATH } from '../lib/seo/jsonld.ts';
import { itemHead } from '../lib/seo/page-head.ts';
import { itemOgImagePath } from '../lib/seo/routes.ts';
import { absoluteUrl } from '../lib/seo/urls.ts';
import { siteContext } from '../react/load-context.ts';
import { keepLoadedData } from '../react/site-content.ts';
import { site } from '../site.config.ts';
import type { ErrorNotice } from '../root.tsx';

const UNKNOWN: ErrorNotice = {
  heading: 'This news item is not here',
  text: 'It may have been mistyped. Every item the agency has published is on the News page.',
};

/** Items on a practice of the item's shown under it: those just before it, newest first. */
const RELATED = 3;

export function loader({ params, context }: LoaderFunctionArgs) {
  const { content, preview } = context.get(siteContext);
  const item = content.find('news.yaml', 'slug', params['slug'] ?? '');
  if (!item) throw data(UNKNOWN, { status: 404 });
  const member = content.find('team.yaml', 'id', item.author);
  const practices = item.practices.flatMap((id) => {
    const service = content.find('services.yaml', 'id', id);
    return service ? [{ id, title: service.title }] : [];
  });
  // The items just before it on its practices, then (for the oldest) the newest: a new item
  // changes no other item's page but those few (docs/decisions/094-item-pages-rendered-on-first-request.md).
  const query = {
    fields: ['id', 'slug', 'title', 'kind', 'date', 'summary'],
    where: { practices: item.practices },
    newestBy: 'date',
  } as const;
  const earlier = content.list('news.yaml', { ...query, after: item.id, perPage: RELATED }).items;
  const newest =
    earlier.length < RELATED
      ? content
          .list('news.yaml', { ...query, perPage: RELATED + 1 + earlier.length })
          .items.filter((o) => o.id !== item.id && !earlier.some((e) => e.id === o.id))
      : [];
  const related = [...earlier, ...newest]
    .slice(0, RELATED)
    .map(({ id: _id, summary, ...card }) => ({ ...card, summary: toPlainText(summary) }));
  const { id: _id, author: _author, practices: _practices, ...shown } = item;
  return {
    item: shown,
    card: itemOgImagePath('news-item', item.id),
    author: member && { name: member.name, position: member.position },
    practices,
    related,
    cta: content.entry('sections.yaml', 'showcase-cta'),
    preview: preview !== undefined,
  };
}

export const shouldRevalidate = keepLoadedData;

export default function Page() {
  const { item, author, practices, related, cta } = useLoaderData<typeof loader>();
  return (
    <>
      <NewsArticle item={item} author={author} practices={practices} />
      <RelatedNews items={related} />
      <CtaBand copy={cta} />
    </>
  );
}

/**
 * Its own title, description and canonical URL; https://schema.org/NewsArticle with its author,
 * dates and publisher (https://developers.google.com/search/docs/appearance/structured-data/article).
 */
export function meta({ location, matches }: MetaArgs) {
  const own = matches.find((m) => m?.id === 'news-item')?.loaderData as
    ReturnType<typeof loader> | undefined;
  const root = matches.find((m) => m?.id === 'root')?.loaderData as
    { siteOrigin?: string } | undefined;
  if (!own) return [];
  const origin = root?.siteOrigin ?? 'http://localhost:3000';
  const { item, author } = own;
  const summary = toPlainText(item.summary);
  const url = absoluteUrl(location.pathname, origin);
  const home = absoluteUrl('/', origin);
  const article = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    '@id': `${url}#article`,
    headline: item.title,
    description: summary,
    url,
    mainEntityOfPage: url,
    datePublished: item.date,
    dateModified: item.date,
    articleSection: NEWS_KIND_LABELS[item.kind],
    ...(typeof item.cover === 'object' ? { image: absoluteUrl(item.cover.src, origin) } : {}),
    author: author
      ? { '@type': 'Person', name: author.name, jobTitle: author.position }
      : { '@type': 'Organization', name: site.name, url: home },
    publisher: {
      '@type': 'Organization',
      '@id': `${home}#organization`,
      name: site.name,
      url: home,
      logo: absoluteUrl(LOGO_PATH, origin),
    },
    inLanguage: 'en-IN',
  };
  return itemHead(
    location.pathname,
    origin,
    {
      title: item.title,
      seoTitle: item.seoTitle,
      seoDescription: item.seoDescription,
      fallback: summary,
    },
    { id: 'news', crumbs: [{ name: 'News', path: NEWS_PATH }] },
    article,
    own.preview,
    own.card,
  );
}
