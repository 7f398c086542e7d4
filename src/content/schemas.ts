/**
 * The fields of one item of each collection (docs/decisions/002-content-checked-at-build.md,
 * docs/decisions/063-one-definition-per-collection.md), importing only `zod`. Strict objects, so
 * a misspelt field fails the build instead of being dropped. A field's widget is its type, or
 * its `.meta({ widget })` where the type cannot say (`collection.ts`).
 */
import { z } from 'zod';
import './collection.ts';
import { richText } from './rich-text.ts';

/**
 * An image field: a project-drawn SVG relative to the YAML file, or `media:<id>`, an image
 * uploaded at `/staff/content/media`. Branded, so the pages' content type says where an image
 * stands; the server makes each a URL or a `<picture>` (`src/content/images.ts`).
 */
export const image = () =>
  z
    .string()
    .regex(
      /^(?:\.{1,2}\/[\w./-]+\.svg|media:[0-9a-f]{32})$/,
      'An image is a relative path to an .svg file, or media:<id> of an uploaded image',
    )
    .brand<'ContentImageRef'>()
    .describe('An uploaded image (Images), or one of the drawn SVGs the site ships with')
    .meta({ widget: 'image' });

/** What an image field holds (`media:<id>` or a drawing's path), as its schema outputs it. */
export type ImageRef = z.output<ReturnType<typeof image>>;

const order = z
  .number()
  .int('order must be a whole number')
  .min(1, 'order starts at 1')
  .describe('Display position in the list, 1 first');

/** Lowercase kebab-case: ids become URL fragments. */
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use a lowercase kebab-case id such as "media-relations"');

const text = (what: string, max: number) =>
  z
    .string()
    .min(1, `${what} must not be empty`)
    .max(max, `${what} must be at most ${max} characters`)
    .describe(what);

/** {@link text} long enough to be written in several lines: a textarea. */
const longText = (what: string, max: number) => text(what, max).meta({ widget: 'textarea' });

/** Per-route search metadata (docs/product.md#search-and-sharing). */
export const pageMetaSchema = z
  .object({
    title: z
      .string()
      .min(10, 'Page title must be at least 10 characters')
      .max(60, 'Page title must be at most 60 characters (search results cut longer titles)')
      .describe('The <title> of the route, brand included, ≤ 60 characters'),
    description: z
      .string()
      .min(50, 'Meta description must be at least 50 characters')
      .max(160, 'Meta description must be at most 160 characters (search results cut it)')
      .describe('The meta description of the route, ≤ 160 characters')
      .meta({ widget: 'textarea' }),
  })
  .strict();

/** `position` is optional: some clients prefer not to be placed. */
export const testimonialSchema = z
  .object({
    id: slug.describe('Stable id of the testimonial'),
    order,
    quote: longText('The testimonial quote, without quotation marks', 400),
    author: text('Name of the person quoted', 80),
    position: text('Role and organisation type of the person quoted', 120).optional(),
  })
  .strict();

export const awardSchema = z
  .object({
    id: slug.describe('Stable id of the award'),
    order,
    name: text('Award name as shown under the badge (also the image alt text)', 90),
    image: image().describe('The badge: an uploaded image, or the drawn SVG badge'),
  })
  .strict();

/** Placeholders are flagged so an operator can find and replace them. */
export const teamMemberSchema = z
  .object({
    id: slug.describe('Stable id of the team member'),
    order,
    name: text('Full name', 80),
    position: text('Job title', 80),
    description: longText('One or two sentences on what they do', 320),
    image: image().describe('The photo: an uploaded image, or the drawn initials avatar'),
    placeholder: z
      .boolean()
      .describe('true while the profile is a placeholder awaiting the real person'),
  })
  .strict();

export const founderSchema = z
  .object({
    id: slug.describe('Stable id of the founder entry'),
    name: text('Full name', 80),
    title: text('Job title', 80),
    bio: richText('The founder biography', 2800),
    image: image().describe('The portrait: an uploaded photo, or the drawn monogram'),
    placeholder: z.boolean().describe('true while the profile is a placeholder'),
  })
  .strict();

export const serviceSchema = z
  .object({
    id: slug.describe('Stable anchor id on /expertise, e.g. "media-relations"'),
    order,
    title: text('Service title', 60),
    summary: longText('One-line summary shown on the home page', 140),
    description: z
      .array(text('A paragraph of the service description', 600))
      .min(1, 'A service needs at least one description paragraph')
      .describe('Description paragraphs on /expertise'),
    deliverables: z
      .array(text('A deliverable', 60))
      .min(2, 'List at least two deliverables')
      .max(6, 'List at most six deliverables')
      .describe('Short list of what the client gets'),
  })
  .strict();

/** Lucide icon names the showcase may use (`src/components/ui/category-icon.tsx`). */
export const SHOWCASE_ICONS = [
  'sparkles',
  'building',
  'landmark',
  'heart-handshake',
  'megaphone',
  'shield-alert',
  'newspaper',
] as const;
export type ShowcaseIcon = (typeof SHOWCASE_ICONS)[number];

export const showcaseCategorySchema = z
  .object({
    id: slug.describe('Stable anchor id on /showcase'),
    order,
    category: text('Category name', 50),
    icon: z
      .enum(SHOWCASE_ICONS, { error: `Icon must be one of: ${SHOWCASE_ICONS.join(', ')}` })
      .describe('Lucide icon name'),
    summary: longText('One-line summary of the category', 160),
  })
  .strict();

/**
 * A page's slug: lowercase ASCII letters, digits and single hyphens, 1–80 characters, so it is
 * one path segment that needs no escaping (https://www.rfc-editor.org/rfc/rfc3986#section-3.3).
 */
export const pageSlug = () =>
  z
    .string()
    .min(1, 'A slug must not be empty')
    .max(80, 'A slug must be at most 80 characters')
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      'A slug is lowercase letters a–z, digits and single hyphens, such as "rooftop-solar-2025"',
    );

/** An uploaded image only (its alt text, or that it is decorative, was given at upload). */
const upload = () =>
  z
    .string()
    .regex(/^media:[0-9a-f]{32}$/, 'Choose an uploaded image (Images)')
    .brand<'ContentImageRef'>()
    .describe('An uploaded image (Images): its alt text, or that it is decorative, comes with it')
    .meta({ widget: 'image' });

/** A calendar date, `2026-11-27` (https://www.rfc-editor.org/rfc/rfc3339#section-5.6). */
const day = (what: string) =>
  z.iso.date({ error: `${what} is a date written 2026-11-27` }).describe(what);

/**
 * One case study (docs/decisions/080-case-studies-and-their-slugs.md): a page at
 * `/showcase/<slug>`, listed on /showcase under its category. `id` stays when the slug changes,
 * so an old address redirects to the new one. Results and coverage are structured, so each
 * figure names its source and each article its outlet and date. A draft may lack the client's
 * approval; publishing one is refused until it is given (`publishRefusal` in `collections.ts`).
 */
export const caseStudySchema = z
  .object({
    id: slug.describe('Stable id of the case study: kept when its slug changes'),
    order,
    title: text('Case study title', 80),
    slug: pageSlug().describe('Its address: /showcase/<slug>').meta({
      help: 'Lowercase letters, digits and hyphens. A changed slug redirects the old one',
    }),
    category: slug.describe('The id of the showcase category it is listed under'),
    practices: z
      .array(slug.describe('A service id, e.g. "media-relations"'))
      .max(8, 'List at most eight practices')
      .default([])
      .describe('The services it drew on (their ids on /expertise)'),
    sector: text('The client’s sector, e.g. "Consumer goods"', 60).optional(),
    year: z
      .number()
      .int('The year is a whole number')
      .min(1990, 'The year is 1990 or later')
      .max(2100, 'The year is 2100 or earlier')
      .optional()
      .describe('The year the work was done'),
    client: text('The client’s name, or “anonymised”', 80),
    summary: richText('The summary on the showcase card', 420),
    outcome: text('One-line result of the project, on the card', 120),
    cover: upload().optional(),
    body: richText('The story: brief, approach, what happened', 10_000).optional(),
    results: z
      .array(
        z
          .object({
            figure: text('The figure, e.g. "140+"', 40),
            measures: text('What it measures', 160),
            source: text('Where the figure comes from, e.g. "Media monitoring, Meltwater"', 160),
          })
          .strict(),
      )
      .max(12, 'List at most twelve results')
      .default([])
      .describe('Results, each with its source'),
    coverage: z
      .array(
        z
          .object({
            outlet: text('The outlet, e.g. "The Economic Times"', 80),
            headline: text('The headline as published', 200),
            date: day('The date it was published'),
            url: z
              .url({
                protocol: /^https?$/,
                hostname: z.regexes.domain,
                error: 'The article’s address is a web address such as https://example.com/story',
              })
              .max(2048, 'The article’s address must be at most 2,048 characters')
              .describe('The article’s address'),
          })
          .strict(),
      )
      .max(30, 'List at most thirty articles')
      .default([])
      .describe('Press coverage of the work'),
    testimonial: slug.optional().describe('The id of a testimonial from this client'),
    approvedBy: text('Who approved it at the client (name and role)', 120).optional(),
    approvedOn: day('The date the client approved it').optional(),
    seoTitle: text('Its title in search results (default: the title)', 60).optional(),
    seoDescription: longText('Its description in search results (default: the summary)', 160)
      .min(50, 'A meta description must be at least 50 characters')
      .optional(),
  })
  .strict();

export const statSchema = z
  .object({
    id: slug.describe('Stable id of the stat'),
    order,
    value: z
      .string()
      .regex(/^\d+\+?$/, 'A stat value is digits with an optional trailing "+", e.g. "90+"')
      .describe('The figure as displayed, e.g. "8+"'),
    label: text('What the figure counts', 40),
  })
  .strict();

export const networkTileSchema = z
  .object({
    id: slug.describe('Stable id of the tile'),
    order,
    city: text('City of the affiliate', 40),
    region: text('Region or country', 40),
    description: longText('What the affiliate covers', 200),
  })
  .strict();

/** Copy of one page section, keyed by section id, so section components hold markup only. */
export const sectionCopySchema = z
  .object({
    eyebrow: text('Small label above the heading', 40).optional(),
    heading: text('Section heading', 120),
    lede: longText('Introductory paragraph under the heading', 600).optional(),
    body: z.array(text('A paragraph', 900)).optional().describe('Further paragraphs, in order'),
    cta: text('Call-to-action label, when the section has one', 40).optional(),
  })
  .strict();

export const storySchema = z
  .object({
    id: slug.describe('Stable id of the text'),
    order,
    title: text('Heading of the text', 60),
    eyebrow: text('Small label above the heading', 40),
    paragraphs: z
      .array(text('A paragraph', 900))
      .min(1, 'A story needs at least one paragraph')
      .describe('Paragraphs, in order'),
  })
  .strict();

export const quoteSchema = z
  .object({
    id: slug.describe('Stable id of the quote'),
    quote: longText('The quote, without quotation marks', 300),
    attribution: text('Who said it', 80),
  })
  .strict();

/** The privacy notice (docs/product.md#privacy); its copy may hold `{name}` placeholders (`placeholders.ts`). */
export const legalDocumentSchema = z
  .object({
    title: text('Document title (the page h1)', 60),
    lede: longText('Summary paragraph under the title', 400),
    sections: z
      .array(
        z
          .object({
            id: slug.describe('Anchor id of the section'),
            heading: text('Section heading', 80),
            paragraphs: z.array(text('A paragraph', 900)).optional().describe('Paragraphs'),
            items: z.array(text('A list item', 400)).optional().describe('Bulleted list'),
            after: z
              .array(text('A paragraph after the list', 900))
              .optional()
              .describe('Paragraphs after the list'),
          })
          .strict(),
      )
      .min(1, 'A legal document needs at least one section')
      .describe('Sections, in order'),
  })
  .strict();
