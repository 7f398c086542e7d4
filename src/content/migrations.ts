/**
 * Content migrations (docs/decisions/064-content-migrations.md): how the site's content changes
 * shape without breaking a site that upgrades. A step is pure data work on items, applied once
 * per database, in order, by `src/server/content/migrate-content.ts`: to the newest release
 * (published as a release of its own by "content migration N"), and to every draft, pending
 * schedule and live preview, so nothing an editor saved is lost or left unpublishable. A
 * database seeded from `src/content/` (already in today's shape) records every step as applied.
 *
 * Writing a step: add it at the end with the next `version`; never edit or reorder a released
 * one (a database that ran it keeps what it made). A step must not read today's schemas or
 * YAML, which keep changing after it ships: it holds its own data (a new collection's first
 * items written out in it, or in a file of its own next to it). After the steps the newest
 * release must pass today's schemas, or the server refuses to start and writes nothing.
 */

/** One item as a step sees it: its collection's file, its key ('' for a collection of one item) and value. */
export interface MigratingItem {
  readonly collection: string;
  readonly key: string;
  value: unknown;
}

/** What a step may do to the content; each call applies at once, in order. */
export interface ContentChanges {
  /**
   * Gives `collection` its first items, in this order, when it has none (a collection added to
   * `collections.ts`); nothing when it has items already. `key` is a list item's `id`.
   */
  addCollection(collection: string, items: ReadonlyArray<{ key: string; value: unknown }>): void;
  /**
   * Adds the item `key` to `collection` (a keyed collection's new key: a new page's title, a new
   * section's copy), after its items; nothing when it has that key already.
   */
  addItem(collection: string, key: string, value: unknown): void;
  /** Sets `field` on each item of `collection` that lacks it: to `value`, or what it returns. */
  addField(collection: string, field: string, value: unknown): void;
  /** Renames `from` to `to` in each item of `collection` that has it (and not `to`). */
  renameField(collection: string, from: string, to: string): void;
  /** Deletes `field` from each item of `collection`. */
  removeField(collection: string, field: string): void;
  /**
   * Replaces each item of `collection` by what `change` returns (a new value; the same value
   * to keep it). Split a field into two with it, or reshape a list.
   */
  mapItems(collection: string, change: (value: unknown, key: string) => unknown): void;
}

export interface ContentMigration {
  /** 1, 2, …: the order they apply in. */
  version: number;
  /** What it does, for the release it publishes and the history page. */
  description: string;
  up(content: ContentChanges): void;
}

/**
 * A slug made from a title as migration 1 made it: Latin letters without their accents, digits,
 * single hyphens, at most 80 characters cut at a hyphen. Frozen with the step (a library's
 * output could change under a released step); '' when nothing is left.
 */
function slugOfTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 80) break;
    slug = next;
  }
  return slug || words.join('').slice(0, 80);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Migration 1: each showcase category's projects (`items`: title, rich-text description,
 * outcome) become case studies (`case-studies.yaml`, docs/decisions/080-case-studies-and-their-slugs.md),
 * the description their summary, ordered by category then place, id `<category>-<n>`, slug from
 * the title; the client "anonymised", as the showcase said of them. They were live before the
 * rule that a case study needs the client's approval, so they stay live without it; a change to
 * one is published only with it.
 */
const CASE_STUDIES_FROM_SHOWCASE: ContentMigration = {
  version: 1,
  description: 'Each showcase project becomes a case study with a page of its own',
  up(content) {
    const found: Array<{ categoryOrder: number; place: number; key: string; value: object }> = [];
    content.mapItems('showcase.yaml', (value, key) => {
      if (!isObject(value)) return value;
      const { items, ...category } = value;
      const order = typeof category['order'] === 'number' ? category['order'] : 0;
      (Array.isArray(items) ? items : []).forEach((project: unknown, n) => {
        if (!isObject(project)) return;
        found.push({
          categoryOrder: order,
          place: n,
          key: `${key}-${n + 1}`,
          value: {
            title: project['title'],
            category: key,
            practices: [],
            client: 'anonymised',
            summary: project['description'],
            outcome: project['outcome'],
            results: [],
            coverage: [],
          },
        });
      });
      return category;
    });
    found.sort((a, b) => a.categoryOrder - b.categoryOrder || a.place - b.place);
    const slugs = new Set<string>();
    const studies = found.map(({ key, value }, n) => {
      const title = (value as { title?: unknown }).title;
      const base = slugOfTitle(typeof title === 'string' ? title : '') || key;
      let slug = base;
      for (let i = 2; slugs.has(slug); i++) slug = `${base.slice(0, 76)}-${i}`;
      slugs.add(slug);
      const { title: t, ...rest } = value as Record<string, unknown>;
      return { key, value: { id: key, order: n + 1, title: t, slug, ...rest } };
    });
    content.addCollection('case-studies.yaml', studies);
  },
};

/**
 * Migration 2: the newsroom (`news.yaml`, docs/decisions/110-the-newsroom-and-its-feeds.md), its
 * first four items, the `/news` page's title and description, its introduction and the home
 * page's newsroom section. Its data is its own, written out here: the same items a new database
 * is seeded with from `src/content/news.yaml`.
 */
const NEWSROOM: ContentMigration = {
  version: 2,
  description:
    'The newsroom: press releases, agency news and insights, each with a page of its own',
  up(content) {
    content.addCollection(
      'news.yaml',
      NEWSROOM_ITEMS.map(({ summary, body, ...value }) => ({
        key: value.id,
        value: { ...value, summary: paragraphs([summary]), body: paragraphs(body) },
      })),
    );
    content.addItem('pages.yaml', 'news', {
      title: 'Newsroom · Press Releases & Insights · Kahaani',
      description:
        'Press releases, agency news and insights from Kahaani Communications, New Delhi, newest first, with RSS, Atom and JSON feeds and a media contact for releases.',
    });
    content.addItem('sections.yaml', 'news-intro', {
      eyebrow: 'Newsroom',
      heading: 'Press releases, agency news and insights',
      lede: 'Journalists: every release names a media contact, and the feeds carry each item in full. Everyone else: what we have been working on, and what we have learnt from it.',
    });
    content.addItem('sections.yaml', 'home-news', {
      eyebrow: 'Newsroom',
      heading: 'The latest from our newsroom',
      lede: 'Releases we have issued for clients, news from the agency and what we have learnt.',
      cta: 'All news',
    });
  },
};

/** The privacy notice's words that migration 3 looks for, as sites seeded before it hold them. */
const DELIVERY_RECORD =
  'For each enquiry we also keep a delivery record of the email notification that forwards it to our team: whether it is pending, sent or being retried.';
const NO_RECORD_OF_BROWSING =
  'Simply browsing the site does not create any record about you in our enquiry system.';
/** What it writes: the notice's statistics text as `src/content/privacy.yaml` had it then. */
const ENQUIRY_ORIGIN =
  "With an enquiry we also keep where your visit that day came from: the site or campaign that brought you, the first page you opened, the page you wrote from and how many pages you had viewed. It is found from the day's visit hash when you send the form, is not kept for a browser that sends the Global Privacy Control signal, and is deleted with the enquiry.";
const VISITS_COUNTED = [
  'To count visits, our own server notes each page you open: which page, when, the site or search engine that linked to it, any campaign tags in the link, and your device type and browser family. Only counts are kept, for at most 25 months.',
  "It tells one visitor's pages apart within a day only by a one-way hash of your IP address and browser mixed with a random value that changes daily and is deleted within 48 hours, so nobody can be followed from one day to the next. The IP address and user-agent are not stored with these counts, and the day's hashes are deleted when it ends.",
  'If your browser sends the Global Privacy Control signal, your page views are counted without even that hash.',
];

/**
 * Migration 3: the privacy notice of a site seeded before visit statistics
 * (docs/decisions/100-cookieless-visit-statistics.md) says what they count and keep. Only text
 * that is still the old seed's changes: "Simply browsing the site does not create any record…"
 * becomes the three items on counted visits, and after the delivery record (when it is still the
 * section's only closing paragraph) comes the enquiry's origin. A notice the agency rewrote is
 * left as it is, for them to update from `/staff/content`.
 */
const PRIVACY_NOTICE_NAMES_STATISTICS: ContentMigration = {
  version: 3,
  description: 'The privacy notice says what the visit statistics count and keep',
  up(content) {
    content.mapItems('privacy.yaml', (value) => {
      if (!isObject(value) || !Array.isArray(value['sections'])) return value;
      const sections = value['sections'].map((section: unknown) => {
        if (!isObject(section)) return section;
        const { items, after } = section;
        if (
          section['id'] === 'what-we-collect' &&
          Array.isArray(after) &&
          after.length === 1 &&
          after[0] === DELIVERY_RECORD
        ) {
          return { ...section, after: [DELIVERY_RECORD, ENQUIRY_ORIGIN] };
        }
        if (
          section['id'] === 'what-we-do-not-collect' &&
          Array.isArray(items) &&
          items.includes(NO_RECORD_OF_BROWSING)
        ) {
          return {
            ...section,
            items: items.flatMap((item: unknown) =>
              item === NO_RECORD_OF_BROWSING ? VISITS_COUNTED : [item],
            ),
          };
        }
        return section;
      });
      return { ...value, sections };
    });
  },
};

/** The privacy notice's words on Web Vitals reports before migration 4, and after. */
export const VITALS_NOT_STORED =
  'To see how fast the site is for real visitors, your browser may report how long this page took to load and to respond to you (five timing figures and which page it was) to our own server. The report carries no identifier, no cookie and nothing you typed; our server only adds the figures to totals and does not store the report or your IP address.';
const VITALS_KEPT =
  'To see how fast the site is for real visitors, your browser may report how long this page took to load and to respond to you (five timing figures and which page it was) to our own server. The report carries no identifier, no cookie and nothing you typed; our server counts three of its figures, rounded, by page and day, for at most 25 months, and never keeps your IP address.';

/**
 * Migration 4: the statistics page shows field Web Vitals per page (database step 302 counts
 * each report's LCP, INP and CLS, rounded, by page and day), so the notice no longer says the
 * report is not stored. Only the old seed's sentence changes; a rewritten notice is the agency's to update.
 */
const PRIVACY_NOTICE_KEEPS_VITALS: ContentMigration = {
  version: 4,
  description: 'The privacy notice says what is kept of a Web Vitals report',
  up(content) {
    content.mapItems('privacy.yaml', (value) => {
      if (!isObject(value) || !Array.isArray(value['sections'])) return value;
      const sections = value['sections'].map((section: unknown) =>
        isObject(section) && Array.isArray(section['items'])
          ? {
              ...section,
              items: section['items'].map((item: unknown) =>
                item === VITALS_NOT_STORED ? VITALS_KEPT : item,
              ),
            }
          : section,
      );
      return { ...value, sections };
    });
  },
};

/** Plain paragraphs as a rich-text document (`src/lib/rich-text.ts`), as the seed stores them. */
const paragraphs = (texts: readonly string[]) => ({
  type: 'doc',
  content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

const NEWSROOM_ITEMS: ReadonlyArray<
  { id: string; summary: string; body: readonly string[] } & Record<string, unknown>
> = [
  {
    id: 'neel-footwear-six-cities',
    title:
      'Neel Footwear opens its first stores in six cities, with the block printers who make its soles',
    slug: 'neel-footwear-opens-stores-in-six-cities',
    kind: 'press-release',
    date: '2026-11-24',
    author: 'arjun-malhotra',
    practices: ['media-relations', 'events-launches'],
    summary:
      'The Jaipur footwear label Neel opens stores in Delhi, Mumbai, Bengaluru, Pune, Hyderabad and Jaipur this week, each with a working block-printing table run by the craftsmen who print its soles.',
    body: [
      'NEW DELHI, 24 November 2026 — Neel Footwear, the Jaipur label known for sneakers with hand block-printed soles, opens its first six stores this week, in Delhi, Mumbai, Bengaluru, Pune, Hyderabad and Jaipur.',
      "Each store has a working printing table where the label's craftsmen print soles to order. Customers choose a block, watch their pair printed and collect it the same afternoon.",
      "“Our customers found us online; now they can meet the people who make every pair,” said the label's co-founder. “The printing table is the heart of each store, not a display.”",
      'The stores open daily from 11 am to 9 pm. Images and interviews with the founders and craftsmen are available on request from the media contact below.',
    ],
    contactName: 'Arjun Malhotra, Director, Media Relations',
    contactEmail: 'press@kahaani-pr.example',
    contactPhone: '+91 11 5555 0142',
  },
  {
    id: 'bengaluru-desk',
    title: 'Kahaani opens a Bengaluru desk for technology and start-up clients',
    slug: 'kahaani-opens-a-bengaluru-desk',
    kind: 'news',
    date: '2026-10-15',
    author: 'kabir-sood',
    practices: ['leadership-visibility', 'digital-social'],
    summary:
      "A team of four in Indiranagar now serves the agency's technology and start-up clients in south India, working with the New Delhi office on every brief.",
    body: [
      'Kahaani has opened a desk in Indiranagar, Bengaluru, for the technology and start-up clients that now make up a third of its work.',
      "The desk of four, led from New Delhi, brings founders closer to the business and technology reporters of south India, and runs the agency's leadership visibility programmes for the city's companies.",
      'Every brief stays with one senior team across both offices, as it always has: the desk adds reach, not another layer between a client and the people doing the work.',
    ],
  },
  {
    id: 'first-hour-crisis-statement',
    title: 'What a newsroom wants from your statement in the first hour of a crisis',
    slug: 'what-a-newsroom-wants-in-the-first-hour-of-a-crisis',
    kind: 'insight',
    date: '2026-09-02',
    author: 'priya-iyer',
    practices: ['crisis-communications', 'media-relations'],
    summary:
      'Reporters on a breaking story need three things from a company within the hour: what happened, what is being done and when they will hear more. Most statements answer none of them.',
    body: [
      'When a story breaks, the reporter on it has an editor asking for an update every twenty minutes. A statement that arrives in the second hour is written around; one that arrives in the first is quoted.',
      'What they need is short: what happened, as far as you know it; what you are doing about it; and when you will say more. Sympathy for anyone affected belongs in the first line, not the last.',
      'What they do not need is a paragraph on your values or a promise of a thorough review with no date. Say when the next update comes, and keep that promise even if the update is that there is nothing new.',
    ],
  },
  {
    id: 'public-affairs-before-the-bill',
    title:
      'The policy conversation starts long before a bill: five habits of effective public affairs teams',
    slug: 'the-policy-conversation-starts-before-the-bill',
    kind: 'insight',
    date: '2026-07-18',
    author: 'farhan-qureshi',
    practices: ['public-affairs', 'corporate-reputation'],
    summary:
      'By the time a draft bill is published, the arguments that shape it have been heard. The teams that are listened to are the ones that were useful to policymakers long before.',
    body: [
      'Public affairs is often treated as a response to a draft: a consultation window opens and a company rushes to be heard. By then the framing of the problem is settled.',
      'The teams that are listened to share five habits: they publish what they know, data included; they meet officials when nothing is being asked for; they work with the associations of their sector; they explain their business in plain language; and they say where they agree, not only where they do not.',
      'None of it is lobbying for a clause. It is being a source policymakers trust when they need to understand an industry, which is when the conversation really starts.',
    ],
  },
];

/** Every content migration, oldest first. */
export const CONTENT_MIGRATIONS: readonly ContentMigration[] = [
  CASE_STUDIES_FROM_SHOWCASE,
  NEWSROOM,
  PRIVACY_NOTICE_NAMES_STATISTICS,
  PRIVACY_NOTICE_KEEPS_VITALS,
];
