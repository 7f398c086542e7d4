/**
 * Every content collection, each defined once (`collection.ts`,
 * docs/decisions/063-one-definition-per-collection.md): its file under `src/content/`, how staff
 * name it, its shape and its items' schema. Adding a collection is an entry here and a content
 * migration that gives existing databases its first items (`migrations.ts`).
 */
import type { z } from 'zod';
import { collectionSchema, defineCollection, type CollectionValue } from './collection.ts';
import {
  awardSchema,
  caseStudySchema,
  founderSchema,
  legalDocumentSchema,
  networkTileSchema,
  newsItemSchema,
  pageMetaSchema,
  quoteSchema,
  sectionCopySchema,
  serviceSchema,
  showcaseCategorySchema,
  statSchema,
  storySchema,
  teamMemberSchema,
  testimonialSchema,
} from './schemas.ts';
import { ITEM_PAGES, PAGES, ROUTE_IDS } from '../pages.ts';

/** The path of the page with route id `id`; `/` for an id of no page (the footer's, the 404's). */
const routePath = (id: string): string => PAGES.find((p) => p.id === id)?.path ?? '/';

/**
 * The page of the item of `collection` whose slug is `slug` (`ITEM_PAGES`), or `fallback`, the
 * page that lists them, when the item has no slug (a draft that removes it).
 */
const itemPagePath = (collection: string, slug: string | undefined, fallback: string): string => {
  const page = ITEM_PAGES.find((p) => p.collection === collection);
  return page && slug ? `${page.prefix}${slug}` : fallback;
};

/** In the order the staff pages list them. */
const DEFINITIONS = [
  defineCollection({
    file: 'pages.yaml',
    label: 'Page titles and descriptions',
    description: 'What search results and shared links show',
    path: 'pages',
    page: routePath,
    shape: 'keyed',
    keys: ROUTE_IDS,
    item: pageMetaSchema,
    title: 'title',
  }),
  defineCollection({
    file: 'sections.yaml',
    label: 'Page sections',
    description: 'Headings and copy of each page’s sections',
    path: 'sections',
    page: (key) => routePath(key.split('-')[0] ?? ''),
    shape: 'keyed',
    item: sectionCopySchema,
    title: 'heading',
  }),
  defineCollection({
    file: 'testimonials.yaml',
    label: 'Testimonials',
    description: 'Quotes from clients, in the carousel',
    path: 'testimonials',
    page: '/',
    shape: 'list',
    ordered: true,
    item: testimonialSchema,
    title: 'author',
  }),
  defineCollection({
    file: 'awards.yaml',
    label: 'Awards',
    description: 'The awards carousel',
    path: 'awards',
    page: '/',
    shape: 'list',
    ordered: true,
    item: awardSchema,
    title: 'name',
  }),
  defineCollection({
    file: 'team.yaml',
    label: 'Team',
    description: 'The team on the About page',
    path: 'team',
    page: '/about',
    shape: 'list',
    ordered: true,
    item: teamMemberSchema,
    title: 'name',
  }),
  defineCollection({
    file: 'founder.yaml',
    label: 'Founder',
    description: 'The founder’s profile',
    path: 'founder',
    page: '/about',
    shape: 'list',
    count: { min: 1, max: 1 },
    item: founderSchema,
    title: 'name',
  }),
  defineCollection({
    file: 'services.yaml',
    label: 'Services',
    description: 'The eight services on Expertise and Home',
    path: 'services',
    page: '/expertise',
    shape: 'list',
    ordered: true,
    item: serviceSchema,
    title: 'title',
  }),
  defineCollection({
    file: 'showcase.yaml',
    label: 'Showcase',
    description: 'The categories of work on Showcase, each listing its case studies',
    path: 'showcase',
    page: '/showcase',
    shape: 'list',
    ordered: true,
    item: showcaseCategorySchema,
    title: 'category',
  }),
  defineCollection({
    file: 'case-studies.yaml',
    label: 'Case studies',
    description: 'The work on Showcase, each with a page of its own',
    path: 'case-studies',
    // Its own page, at the slug it has in the draft: the preview shows the draft there.
    page: (_key, study) => itemPagePath('case-studies.yaml', study?.slug, '/showcase'),
    shape: 'list',
    ordered: true,
    count: { min: 0 },
    item: caseStudySchema,
    title: 'title',
    unique: ['slug'],
    markdown: {
      dir: 'case-studies',
      body: 'body',
      groups: {
        approval: { by: 'approvedBy', on: 'approvedOn' },
        seo: { title: 'seoTitle', description: 'seoDescription' },
      },
    },
    // The client sees the story before the public does (docs/decisions/080-case-studies-and-their-slugs.md).
    unpublishable: (study) =>
      study.approvedBy && study.approvedOn
        ? undefined
        : {
            field: study.approvedBy ? 'approvedOn' : 'approvedBy',
            message:
              'A case study is published only with the client’s approval: enter who approved it and when',
          },
  }),
  defineCollection({
    file: 'news.yaml',
    label: 'Newsroom',
    description:
      'Press releases, agency news and insights, each with a page of its own, newest first',
    path: 'news',
    page: (_key, item) => itemPagePath('news.yaml', item?.slug, '/news'),
    shape: 'list',
    count: { min: 0 },
    item: newsItemSchema,
    title: 'title',
    unique: ['slug'],
    markdown: {
      dir: 'news',
      body: 'body',
      groups: { seo: { title: 'seoTitle', description: 'seoDescription' } },
      // Newest first, as the seed and the newsroom list them.
      sort: { field: 'date', descending: true },
    },
  }),
  defineCollection({
    file: 'stats.yaml',
    label: 'Stats',
    description: 'The counters: years, clients, projects, verticals',
    path: 'stats',
    page: '/',
    shape: 'list',
    ordered: true,
    item: statSchema,
    title: 'label',
  }),
  defineCollection({
    file: 'network.yaml',
    label: 'Network',
    description: 'The partner network tiles',
    path: 'network',
    page: '/about',
    shape: 'list',
    ordered: true,
    item: networkTileSchema,
    title: 'city',
  }),
  defineCollection({
    file: 'quotes.yaml',
    label: 'Pull quotes',
    description: 'The pull quote on About',
    path: 'quotes',
    page: '/about',
    shape: 'list',
    item: quoteSchema,
    title: 'quote',
  }),
  defineCollection({
    file: 'stories.yaml',
    label: 'Stories',
    description: 'Philosophy, journey and approach texts',
    path: 'stories',
    page: '/about',
    shape: 'list',
    ordered: true,
    item: storySchema,
    title: 'title',
  }),
  defineCollection({
    file: 'privacy.yaml',
    label: 'Privacy notice',
    description: 'How we handle your enquiry, on Contact',
    path: 'privacy',
    page: '/contact',
    shape: 'one',
    item: legalDocumentSchema,
    title: 'title',
  }),
] as const;

type Definitions = (typeof DEFINITIONS)[number];

/** Every collection's definition, by file, in the staff pages' order. */
export const COLLECTIONS = Object.fromEntries(DEFINITIONS.map((d) => [d.file, d])) as {
  readonly [D in Definitions as D['file']]: D;
};

export type ContentFile = keyof typeof COLLECTIONS;
/** The registered collections' files, in {@link COLLECTIONS}' order. */
export const CONTENT_FILES = DEFINITIONS.map((d) => d.file) as readonly ContentFile[];

export type ContentOf<F extends ContentFile> = CollectionValue<(typeof COLLECTIONS)[F]>;
/** Every collection, by file: what a content release holds (`src/server/content/`). */
export type Content = { [F in ContentFile]: ContentOf<F> };

/** `file`'s definition; undefined when no collection has that file. */
export const definitionOf = (file: string): (typeof COLLECTIONS)[ContentFile] | undefined =>
  Object.hasOwn(COLLECTIONS, file) ? COLLECTIONS[file as ContentFile] : undefined;

/** The collection whose staff path segment is `path`; undefined when none. */
export const collectionAt = (path: string): (typeof COLLECTIONS)[ContentFile] | undefined =>
  DEFINITIONS.find((d) => d.path === path);

const WHOLE_SCHEMAS = new Map<string, z.ZodType>(
  DEFINITIONS.map((d) => [d.file, collectionSchema(d)]),
);

/** The schema of `file`'s whole collection, as its file and a release hold it. */
export const schemaOf = (file: ContentFile): z.ZodType => WHOLE_SCHEMAS.get(file)!;
