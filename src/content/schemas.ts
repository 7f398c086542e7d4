/**
 * The fields of one item of each collection (docs/decisions/002-content-checked-at-build.md,
 * docs/decisions/063-one-definition-per-collection.md), importing only `zod`. Strict objects, so
 * a misspelt field fails the build instead of being dropped. A field's widget is its type, or
 * its `.meta({ widget })` where the type cannot say (`collection.ts`).
 */
import { z } from 'zod';
import './collection.ts';
import { NEWS_KIND_LABELS, NEWS_KINDS } from '../lib/news.ts';
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
  .describe('Display position in the list, 1 first')
  .meta({ label: 'Position in the list', help: '1 is shown first, then 2, and so on.' });

/**
 * A field's name and hint for editors (`collection.ts`), apart from its `.describe()`, which is
 * the engineers'.
 */
const says = <T extends z.ZodType>(schema: T, label: string, help: string): T =>
  schema.meta({ label, help });

/** A list item's id as editors type it once, when they add the item. */
const itemId = (what: string, example: string) =>
  says(
    slug.describe(`Stable id of ${what}`),
    'Short name for links',
    `Typed once, when the item is added; it cannot change afterwards. Small letters, digits and hyphens, e.g. “${example}”.`,
  );

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

/** A person's full name, as the About page shows it; `help` says whose. */
const fullName = (help: string) => says(text('Full name', 80), 'Name', help);

/** A person's job title under their name; `label` is the field's name for editors. */
const jobTitle = (label: string, help: string) => says(text('Job title', 80), label, help);

/** {@link text} long enough to be written in several lines: a textarea. */
const longText = (what: string, max: number) => text(what, max).meta({ widget: 'textarea' });

/** Per-route search metadata (docs/product.md#search-and-sharing). */
export const pageMetaSchema = z
  .object({
    title: z
      .string()
      .min(10, 'Page title must be at least 10 characters')
      .max(60, 'Page title must be at most 60 characters (search results cut longer titles)')
      .describe('The <title> of the route, brand included, ≤ 60 characters')
      .meta({
        label: 'Title in search results',
        help: 'The page’s name in search results and browser tabs, with the agency’s name: 10 to 60 characters.',
      }),
    description: z
      .string()
      .min(50, 'Meta description must be at least 50 characters')
      .max(160, 'Meta description must be at most 160 characters (search results cut it)')
      .describe('The meta description of the route, ≤ 160 characters')
      .meta({
        widget: 'textarea',
        label: 'Summary in search results',
        help: 'One or two sentences that search results and shared links show under the title: 50 to 160 characters.',
      }),
  })
  .strict();

/** `position` is optional: some clients prefer not to be placed. */
export const testimonialSchema = z
  .object({
    id: itemId('the testimonial', 'priya-sharma'),
    order,
    quote: says(
      longText('The testimonial quote, without quotation marks', 400),
      'Quote',
      'What the client said, without quotation marks: the site adds them. Up to 400 characters.',
    ),
    author: says(text('Name of the person quoted', 80), 'Author', 'The name of the person quoted.'),
    position: says(
      text('Role and organisation type of the person quoted', 120),
      'Their role',
      'Their job and the kind of organisation, e.g. “Head of Communications, a fintech start-up”.',
    ).optional(),
  })
  .strict();

export const awardSchema = z
  .object({
    id: itemId('the award', 'prweek-asia-2024'),
    order,
    name: says(
      text('Award name as shown under the badge (also the image alt text)', 90),
      'Award name',
      'Shown under the badge, and read out for the badge to people who cannot see it.',
    ),
    image: says(
      image().describe('The badge: an uploaded image, or the drawn SVG badge'),
      'Badge',
      'An uploaded image of the award, or the drawn badge.',
    ),
  })
  .strict();

/**
 * A person's profile's fields besides its words: the picture, an upload or else the drawing the
 * site makes (`drawing`: the initials, the monogram), and the stand-in flag by which an operator
 * finds a profile still to be replaced by the real `who`.
 * @param label the picture field's label (`Photo`), lower-cased in its description
 */
const profileFields = (label: string, drawing: string, who: string) => ({
  image: says(
    image().describe(`The ${label.toLowerCase()}: an uploaded photo, or the drawn ${drawing}`),
    label,
    `An uploaded photo, or the drawn ${drawing}.`,
  ),
  placeholder: says(
    z.boolean().describe(`true while the profile is a placeholder awaiting the real ${who}`),
    'Stand-in profile',
    `Tick while this profile is a stand-in for someone not yet named; untick once it describes the real ${who}.`,
  ),
});

/** Placeholders are flagged so an operator can find and replace them. */
export const teamMemberSchema = z
  .object({
    id: itemId('the team member', 'arjun-mehta'),
    order,
    name: fullName('Their full name.'),
    position: jobTitle('Job title', 'As it should read on the About page.'),
    description: says(
      longText('One or two sentences on what they do', 320),
      'About them',
      'One or two sentences on what they do. Up to 320 characters.',
    ),
    ...profileFields('Photo', 'initials', 'person'),
  })
  .strict();

export const founderSchema = z
  .object({
    id: itemId('the founder entry', 'founder'),
    name: fullName('The founder’s full name.'),
    title: jobTitle('Title', 'Their job title, e.g. “Founder & Managing Director”.'),
    bio: says(
      richText('The founder biography', 2800),
      'Bio',
      'The founder’s story on the About page, in paragraphs; bold, italic, links and lists are kept.',
    ),
    ...profileFields('Portrait', 'monogram', 'founder'),
  })
  .strict();

export const serviceSchema = z
  .object({
    id: itemId('the service, its anchor on /expertise', 'media-relations'),
    order,
    title: says(text('Service title', 60), 'Service name', 'Up to 60 characters.'),
    summary: says(
      longText('One-line summary shown on the home page', 140),
      'Summary',
      'One line, shown on the home page. Up to 140 characters.',
    ),
    description: says(
      z
        .array(text('A paragraph of the service description', 600))
        .min(1, 'A service needs at least one description paragraph')
        .describe('Description paragraphs on /expertise'),
      'Description',
      'The paragraphs on the Expertise page: one paragraph a line.',
    ),
    deliverables: says(
      z
        .array(text('A deliverable', 60))
        .min(2, 'List at least two deliverables')
        .max(6, 'List at most six deliverables')
        .describe('Short list of what the client gets'),
      'What the client gets',
      'Two to six short points, one a line.',
    ),
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
    id: itemId('the category, its anchor on /showcase', 'consumer-launch'),
    order,
    category: says(text('Category name', 50), 'Category', 'Up to 50 characters.'),
    icon: z
      .enum(SHOWCASE_ICONS, { error: `Icon must be one of: ${SHOWCASE_ICONS.join(', ')}` })
      .describe('Lucide icon name')
      .meta({
        label: 'Icon',
        help: 'The small picture beside the category’s name.',
        choices: {
          sparkles: 'Sparkles',
          building: 'Office building',
          landmark: 'Public building',
          'heart-handshake': 'Handshake with a heart',
          megaphone: 'Megaphone',
          'shield-alert': 'Shield with a warning',
          newspaper: 'Newspaper',
        },
      }),
    summary: says(
      longText('One-line summary of the category', 160),
      'Summary',
      'One line under the category’s name. Up to 160 characters.',
    ),
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

/** The services an item drew on, by their ids on /expertise (`what` for engineers, `subject` for editors). */
const practicesField = (what: string, subject: string) =>
  says(
    z
      .array(slug.describe('A service id, e.g. "media-relations"'))
      .max(8, 'List at most eight practices')
      .describe(`${what} (their ids on /expertise)`),
    'Services',
    `The services the ${subject} drew on, by their short names for links on the Expertise page, e.g. “media-relations”: one a line, up to eight.`,
  ).default([]);

/** An item page's cover: an uploaded image, whose alt text (or that it is decorative) came at upload. */
const coverField = () =>
  says(
    upload().optional(),
    'Cover picture',
    'An uploaded image at the top of the page. Leave it empty for none.',
  );

/** An item page's search overrides (≤ 60 / 50–160 characters), defaults from the item. */
const seoFields = {
  seoTitle: says(
    text('Its title in search results (default: the title)', 60),
    'Title in search results',
    'The page’s name in search results and browser tabs, up to 60 characters. Leave it empty to use the title.',
  ).optional(),
  seoDescription: says(
    longText('Its description in search results (default: the summary)', 160).min(
      50,
      'A meta description must be at least 50 characters',
    ),
    'Summary in search results',
    'One or two sentences that search results and shared links show under the title: 50 to 160 characters. Leave it empty to use the summary.',
  ).optional(),
};

/**
 * One case study (docs/decisions/080-case-studies-and-their-slugs.md): a page at
 * `/showcase/<slug>`, listed on /showcase under its category. `id` stays when the slug changes,
 * so an old address redirects to the new one. Results and coverage are structured, so each
 * figure names its source and each article its outlet and date. A draft may lack the client's
 * approval; publishing one is refused until it is given (`unpublishable` in `collections.ts`).
 */
export const caseStudySchema = z
  .object({
    id: itemId('the case study: kept when its slug changes', 'rooftop-solar'),
    order,
    title: says(
      text('Case study title', 80),
      'Title',
      'The heading of the case study’s page and card. Up to 80 characters.',
    ),
    slug: says(
      pageSlug().describe('Its address: /showcase/<slug>'),
      'Web address',
      'The end of the page’s address, after /showcase/: small letters, digits and hyphens, e.g. “rooftop-solar-2025”. If you change it, the old address still leads to the page.',
    ),
    category: says(
      slug.describe('The id of the showcase category it is listed under'),
      'Showcase category',
      'The short name for links of the category it is listed under on the Showcase page, e.g. “consumer-lifestyle”.',
    ),
    practices: practicesField('The services it drew on', 'work'),
    sector: says(
      text('The client’s sector, e.g. "Consumer goods"', 60),
      'Client’s sector',
      'The client’s line of business, e.g. “Consumer goods”. Up to 60 characters.',
    ).optional(),
    year: says(
      z
        .number()
        .int('The year is a whole number')
        .min(1990, 'The year is 1990 or later')
        .max(2100, 'The year is 2100 or earlier')
        .describe('The year the work was done'),
      'Year',
      'The year the work was done, e.g. 2024.',
    ).optional(),
    client: says(
      text('The client’s name, or “anonymised”', 80),
      'Client',
      'The client’s name as the page shows it, or “anonymised” when they are not named.',
    ),
    summary: says(
      richText('The summary on the showcase card', 420),
      'Summary',
      'A few sentences on the case study’s card on the Showcase page; bold, italic and links are kept.',
    ),
    outcome: says(
      text('One-line result of the project, on the card', 120),
      'Result',
      'One line on what came of the work, on the card. Up to 120 characters.',
    ),
    cover: coverField(),
    body: says(
      richText('The story: brief, approach, what happened', 10_000, { article: true }),
      'The story',
      'The brief, the approach and what happened, in paragraphs under headings of their own; bold, italic, links, lists and quotations are kept.',
    ).optional(),
    results: z
      .array(
        z
          .object({
            figure: says(
              text('The figure, e.g. "140+"', 40),
              'Figure',
              'The number as it should read, e.g. “140+” or “3×”. Up to 40 characters.',
            ),
            measures: says(
              text('What it measures', 160),
              'What it measures',
              'The words beside the figure, e.g. “Stories in national press in eight weeks”.',
            ),
            source: says(
              text('Where the figure comes from, e.g. "Media monitoring, Meltwater"', 160),
              'Source',
              'Where the figure comes from, e.g. “Agency media monitoring” or “Client’s sales records”.',
            ),
          })
          .strict(),
      )
      .max(12, 'List at most twelve results')
      .default([])
      .describe('Results, each with its source')
      .meta({
        label: 'Results',
        help: 'Up to twelve figures, each with where it comes from.',
        entry: 'Result',
      }),
    coverage: z
      .array(
        z
          .object({
            outlet: says(
              text('The outlet, e.g. "The Economic Times"', 80),
              'Publication',
              'The newspaper, magazine, site or channel, e.g. “The Economic Times”.',
            ),
            headline: says(
              text('The headline as published', 200),
              'Headline',
              'The headline as it was published. Up to 200 characters.',
            ),
            date: says(
              day('The date it was published'),
              'Date published',
              'Written year-month-day, e.g. 2026-11-27.',
            ),
            url: says(
              z
                .url({
                  protocol: /^https?$/,
                  hostname: z.regexes.domain,
                  error: 'The article’s address is a web address such as https://example.com/story',
                })
                .max(2048, 'The article’s address must be at most 2,048 characters')
                .describe('The article’s address'),
              'Link to the article',
              'The article’s web address, starting https://.',
            ),
          })
          .strict(),
      )
      .max(30, 'List at most thirty articles')
      .default([])
      .describe('Press coverage of the work')
      .meta({
        label: 'Press coverage',
        help: 'Up to thirty articles about the work, each with its publication, headline and date.',
        entry: 'Article',
      }),
    testimonial: says(
      slug.describe('The id of a testimonial from this client'),
      'Client’s testimonial',
      'The short name for links of a testimonial from this client, to show with the case study. Leave it empty for none.',
    ).optional(),
    approvedBy: says(
      text('Who approved it at the client (name and role)', 120),
      'Approved by',
      'Who approved the case study at the client, with their role, e.g. “R. Mehta, founder”. Needed to publish.',
    ).optional(),
    approvedOn: says(
      day('The date the client approved it'),
      'Approved on',
      'The date the client approved it, written year-month-day, e.g. 2026-11-27. Needed to publish.',
    ).optional(),
    ...seoFields,
  })
  .strict();

/**
 * One newsroom item (docs/decisions/110-the-newsroom-and-its-feeds.md): a page at
 * `/news/<slug>`, listed newest first on /news and in the feeds. `id` stays when the slug
 * changes, so an old address redirects to the new one. The media contact is flat fields, as the
 * staff form draws objects only inside lists.
 */
export const newsItemSchema = z
  .object({
    id: itemId('the newsroom item: kept when its slug changes', 'solar-summit-2026'),
    title: says(
      text('Headline', 120),
      'Headline',
      'The heading of the item’s page, its card and the feeds. Up to 120 characters.',
    ),
    slug: says(
      pageSlug().describe('Its address: /news/<slug>'),
      'Web address',
      'The end of the page’s address, after /news/: small letters, digits and hyphens, e.g. “solar-summit-2026”. If you change it, the old address still leads to the page.',
    ),
    kind: z
      .enum(NEWS_KINDS, { error: 'Choose a press release, agency news or an insight' })
      .describe('press-release, news (about the agency) or insight (an opinion or analysis)')
      .meta({
        label: 'Kind',
        help: 'A press release on a client’s behalf, the agency’s own news, or an insight: an analysis or opinion piece.',
        choices: NEWS_KIND_LABELS,
      }),
    date: says(
      day('The date it was published'),
      'Date',
      'The date it is dated on the page and in the feeds, written year-month-day, e.g. 2026-11-27. The newest date is listed first.',
    ),
    author: says(
      slug.describe('The id of the team member who wrote it'),
      'Author',
      'The short name for links of the team member who wrote it, as on the Team list, e.g. “priya-iyer”.',
    ),
    practices: practicesField('The services it concerns', 'item'),
    summary: says(
      richText('The summary on the card and in the feeds', 420),
      'Summary',
      'A few sentences on the item’s card on the News page and in the feeds; bold, italic and links are kept.',
    ),
    body: says(
      richText('The full text', 10_000, { article: true }),
      'Full text',
      'The item in paragraphs, with headings and quotations where it needs them; bold, italic, links and lists are kept. The feeds carry it whole.',
    ),
    cover: coverField(),
    contactName: says(
      text('Media contact’s name', 80),
      'Media contact',
      'Who journalists should ask about it, e.g. “Priya Iyer, Account Director”. Leave it empty for none.',
    ).optional(),
    contactEmail: says(
      z
        .email({ error: 'The media contact’s e-mail is an address such as press@example.com' })
        .max(254, 'The media contact’s e-mail must be at most 254 characters')
        .describe('Media contact’s e-mail'),
      'Media contact’s e-mail',
      'The address journalists write to, e.g. press@kahaani.example. Leave it empty for none.',
    ).optional(),
    contactPhone: says(
      text('Media contact’s phone number', 40),
      'Media contact’s phone',
      'As it should read, e.g. “+91 11 4000 0000”. Leave it empty for none.',
    ).optional(),
    ...seoFields,
  })
  .strict();

export const statSchema = z
  .object({
    id: itemId('the stat', 'years'),
    order,
    value: says(
      z
        .string()
        .regex(/^\d+\+?$/, 'A stat value is digits with an optional trailing "+", e.g. "90+"')
        .describe('The figure as displayed, e.g. "8+"'),
      'Figure',
      'Digits, with a “+” after them if you like, e.g. “90+”. The counter runs up to it.',
    ),
    label: says(
      text('What the figure counts', 40),
      'What it counts',
      'The words under the figure, e.g. “Clients served”.',
    ),
  })
  .strict();

export const networkTileSchema = z
  .object({
    id: itemId('the tile', 'mumbai'),
    order,
    city: says(text('City of the affiliate', 40), 'City', 'Where the partner agency is.'),
    region: says(text('Region or country', 40), 'Region or country', 'Shown under the city.'),
    description: says(
      longText('What the affiliate covers', 200),
      'What they cover',
      'A sentence on the partner’s work. Up to 200 characters.',
    ),
  })
  .strict();

/** Copy of one page section, keyed by section id, so section components hold markup only. */
export const sectionCopySchema = z
  .object({
    eyebrow: says(
      text('Small label above the heading', 40),
      'Small label',
      'A word or two above the heading.',
    ).optional(),
    heading: says(text('Section heading', 120), 'Heading', 'Up to 120 characters.'),
    lede: says(
      longText('Introductory paragraph under the heading', 600),
      'Introduction',
      'The paragraph under the heading. Up to 600 characters.',
    ).optional(),
    body: says(
      z.array(text('A paragraph', 900)).describe('Further paragraphs, in order'),
      'More paragraphs',
      'Paragraphs after the introduction: one a line.',
    ).optional(),
    cta: says(
      text('Call-to-action label, when the section has one', 40),
      'Button text',
      'The words on the section’s button, when it has one.',
    ).optional(),
  })
  .strict();

export const storySchema = z
  .object({
    id: itemId('the text', 'our-philosophy'),
    order,
    title: says(text('Heading of the text', 60), 'Heading', 'Up to 60 characters.'),
    eyebrow: says(
      text('Small label above the heading', 40),
      'Small label',
      'A word or two above the heading.',
    ),
    paragraphs: says(
      z
        .array(text('A paragraph', 900))
        .min(1, 'A story needs at least one paragraph')
        .describe('Paragraphs, in order'),
      'Paragraphs',
      'The text, one paragraph a line.',
    ),
  })
  .strict();

export const quoteSchema = z
  .object({
    id: itemId('the quote', 'about-pull-quote'),
    quote: says(
      longText('The quote, without quotation marks', 300),
      'Quote',
      'Without quotation marks: the site adds them. Up to 300 characters.',
    ),
    attribution: says(text('Who said it', 80), 'Who said it', 'Their name, and role if you like.'),
  })
  .strict();

/** The privacy notice (docs/product.md#privacy); its copy may hold `{name}` placeholders (`placeholders.ts`). */
export const legalDocumentSchema = z
  .object({
    title: says(
      text('Document title (the page h1)', 60),
      'Title',
      'The notice’s heading. Up to 60 characters.',
    ),
    lede: says(
      longText('Summary paragraph under the title', 400),
      'Summary',
      'The paragraph under the title. Up to 400 characters.',
    ),
    sections: z
      .array(
        z
          .object({
            id: says(
              slug.describe('Anchor id of the section'),
              'Short name for links',
              'Small letters, digits and hyphens, e.g. “your-rights”: links to this part of the notice end with it.',
            ),
            heading: says(text('Section heading', 80), 'Heading', 'Up to 80 characters.'),
            paragraphs: says(
              z.array(text('A paragraph', 900)).describe('Paragraphs'),
              'Paragraphs',
              'One paragraph a line.',
            ).optional(),
            items: says(
              z.array(text('A list item', 400)).describe('Bulleted list'),
              'Bullet points',
              'After the paragraphs: one point a line.',
            ).optional(),
            after: says(
              z
                .array(text('A paragraph after the list', 900))
                .describe('Paragraphs after the list'),
              'Paragraphs after the points',
              'One paragraph a line.',
            ).optional(),
          })
          .strict(),
      )
      .min(1, 'A legal document needs at least one section')
      .describe('Sections, in order')
      .meta({ label: 'Sections', help: 'The notice’s parts, top to bottom.', entry: 'Section' }),
  })
  .strict();
