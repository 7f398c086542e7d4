/**
 * A large site to measure with (`npm run content -- seed-demo`, docs/operations/content.md):
 * believable, varied case studies — and newsroom items once `news.yaml` is a collection — made
 * from word lists by a seeded generator, so two runs with the same counts make the same site.
 * Generated items' ids start `demo-`; a new run replaces them and keeps every other item.
 */
import type { CollectionDefinition } from '../../content/collection.ts';
import { definitionOf, type Content } from '../../content/collections.ts';
import { checkedContent } from './items.ts';
import { MIGRATION_AUTHOR } from './migrate-content.ts';
import type { ContentStore, Release } from './store.ts';

/** The author of seed-demo's releases. */
export const DEMO_AUTHOR = 'seed-demo';
/** What every generated item's id starts with. */
export const DEMO_PREFIX = 'demo-';

/** Releases no person published: the seed, content migrations and seed-demo's own. */
const MACHINE_AUTHORS = new Set(['initial content', MIGRATION_AUTHOR, DEMO_AUTHOR]);

/**
 * Whether the store holds content someone published (a release by anyone but the seed, a content
 * migration or seed-demo): seed-demo refuses such a database unless forced.
 */
export async function hasRealContent(store: ContentStore): Promise<boolean> {
  return (await store.history()).some((r) => !MACHINE_AUTHORS.has(r.author));
}

/** mulberry32 (https://gist.github.com/tommyettinger/46a874533244883189143505d203312c). */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const pool = [...list];
    return Array.from(
      { length: Math.min(between(min, max), pool.length) },
      () => pool.splice(Math.floor(next() * pool.length), 1)[0]!,
    );
  };
  return { next, pick, between, some };
}

const CITIES = [
  'Jaipur',
  'Pune',
  'Kochi',
  'Lucknow',
  'Indore',
  'Guwahati',
  'Surat',
  'Mysuru',
  'Bhopal',
  'Coimbatore',
  'Chandigarh',
  'Nagpur',
];
const CLIENTS = [
  ['a dairy co-operative', 'Dairy and food'],
  ['a fintech lender', 'Financial services'],
  ['a hospital chain', 'Healthcare'],
  ['an electric two-wheeler maker', 'Automotive'],
  ['a handloom collective', 'Textiles and crafts'],
  ['a private university', 'Education'],
  ['a solar installer', 'Renewable energy'],
  ['a logistics start-up', 'Logistics'],
  ['a state tourism board', 'Travel and tourism'],
  ['a children’s charity', 'Non-profit'],
  ['a cement manufacturer', 'Building materials'],
  ['a regional airline', 'Aviation'],
] as const;
const AIMS = [
  'Launching',
  'Rebuilding trust in',
  'Taking national',
  'Explaining',
  'Relaunching',
  'Defending',
  'Growing',
];
const THINGS = [
  'a new product line',
  'a price change',
  'a first listing',
  'a recall',
  'a merger',
  'a founder’s story',
  'a public campaign',
  'a safety record',
];
const OUTLETS = [
  'The Economic Times',
  'Mint',
  'Business Standard',
  'The Hindu',
  'Hindustan Times',
  'Times of India',
  'Moneycontrol',
  'YourStory',
  'NDTV Profit',
  'Dainik Bhaskar',
];
const MEASURES = [
  [
    'Stories in national and regional press in the first eight weeks',
    'Agency media monitoring',
    '+',
  ],
  [
    'Searches for the brand name in the launch quarter, against the quarter before',
    'Google Trends, India',
    '×',
  ],
  ['Visitors to the campaign page in its first month', 'Client’s web analytics', '+'],
  ['Journalists at the launch briefing', 'Agency event records', ''],
  ['Rise in enquiries from the target cities', 'Client’s sales records', ' %'],
  ['Share of coverage that carried the key message', 'Agency media analysis', ' %'],
] as const;
const SENTENCES = [
  'The brief was short: people who should have known the name did not, and the season was weeks away.',
  'We spent the first fortnight listening — to the founders, to the people on the shop floor and to the reporters who cover the sector.',
  'The story was not the product: it was the people who made it and the town they made it in.',
  'We briefed business and regional-language reporters separately, because they were asking different questions.',
  'A spokesperson programme prepared three people to speak on the record, each on the subject they knew best.',
  'Every claim in the release was checked against the client’s own figures before it went out.',
  'When a competitor’s story broke mid-campaign, we answered within the hour with facts, not adjectives.',
  'Local creators were paid for their time and credited by name in every piece they helped make.',
  'The launch ran in three cities on one day, with the same message told through local faces.',
  'After the campaign we handed the client a media list, a message house and the lessons we learnt.',
];

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');

const day = (year: number, n: number) =>
  `${year}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`;

type Random = ReturnType<typeof generator>;

/** A few paragraphs of story, one of them with a bold phrase and a link, sometimes a list. */
function story(r: Random, city: string) {
  const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  const blocks: object[] = r.some(SENTENCES, 3, 5).map(paragraph);
  blocks.splice(1, 0, {
    type: 'paragraph',
    content: [
      { type: 'text', text: 'The work centred on ' },
      { type: 'text', text: `${city} and the towns around it`, marks: [{ type: 'bold' }] },
      { type: 'text', text: '; see ' },
      {
        type: 'text',
        text: 'our approach',
        marks: [{ type: 'link', attrs: { href: '/expertise' } }],
      },
      { type: 'text', text: '.' },
    ],
  });
  if (r.next() < 0.4) {
    blocks.push({
      type: 'bulletList',
      content: r
        .some(
          [
            'A media tour',
            'A spokesperson programme',
            'A creator programme',
            'Regional-language briefings',
            'A results report',
          ],
          2,
          4,
        )
        .map((text) => ({ type: 'listItem', content: [paragraph(text)] })),
    });
  }
  return { type: 'doc', content: blocks };
}

function caseStudy(r: Random, n: number, current: Content) {
  const [client, sector] = r.pick(CLIENTS);
  const city = r.pick(CITIES);
  const long = `${r.pick(AIMS)} ${r.pick(THINGS)} for ${client}`;
  const title = long.length + city.length + 4 <= 80 ? `${long} in ${city}` : long;
  const year = r.between(2017, 2026);
  const slug = `${slugOf(title)}-${n}`;
  const results = r.some(MEASURES, 1, 3).map(([measures, source, unit]) => ({
    figure:
      unit === '×'
        ? `${r.between(2, 6)}×`
        : unit === ' %'
          ? `${r.between(12, 85)} %`
          : `${r.between(12, 320)}${unit}`,
    measures,
    source,
  }));
  const coverage = r.some(OUTLETS, 0, 3).map((outlet, i) => ({
    outlet,
    headline: `How ${client} won over ${city}`,
    date: day(year, n + i),
    url: `https://example.com/${slugOf(outlet)}/${slug}`,
  }));
  const testimonials = current['testimonials.yaml'];
  return {
    id: `${DEMO_PREFIX}${n}`,
    title,
    slug,
    category: r.pick(current['showcase.yaml']).id,
    practices: r.some(
      current['services.yaml'].map((s) => s.id),
      1,
      3,
    ),
    sector,
    year,
    client: r.next() < 0.7 ? 'anonymised' : `${city} ${sector.split(' ')[0]} Ltd`,
    summary: `${client[0]!.toUpperCase()}${client.slice(1)} in ${city} needed to be heard beyond its own customers. We built the story around the people behind the work and told it in the press that its buyers read.`,
    outcome: `${results[0]!.figure}: ${results[0]!.measures.toLowerCase()}`.slice(0, 120),
    body: story(r, city),
    results,
    coverage,
    ...(testimonials.length && r.next() < 0.3 ? { testimonial: r.pick(testimonials).id } : {}),
    approvedBy: 'Head of communications, at the client',
    approvedOn: day(year, n),
  };
}

function newsItem(r: Random, n: number, current: Content) {
  const kind = r.pick(['press-release', 'news', 'insight'] as const);
  const [client] = r.pick(CLIENTS);
  const city = r.pick(CITIES);
  const title =
    kind === 'press-release'
      ? `Kahaani to lead communications for ${client} in ${city}`
      : kind === 'news'
        ? `Kahaani opens a desk in ${city}`
        : `What ${city}'s reporters ask ${client}`;
  return {
    id: `${DEMO_PREFIX}${n}`,
    title,
    slug: `${slugOf(title)}-${n}`,
    kind,
    date: day(r.between(2019, 2026), n),
    author: r.pick(current['team.yaml']).id,
    practices: r.some(
      current['services.yaml'].map((s) => s.id),
      1,
      2,
    ),
    summary: `${title}: what it means for the agency, its clients and the reporters who cover ${city}.`,
    body: story(r, city),
  };
}

/** How many items seed-demo makes of each collection. */
export interface DemoCounts {
  caseStudies: number;
  news: number;
}

/**
 * `current` with its `demo-` items replaced by `counts` new ones (checked by the schemas),
 * each list's generated items after its own.
 * @returns the content, and whether `news.yaml` is a collection (else no newsroom item is made)
 * @throws ContentError when a generated item fails its schema (a definition changed)
 */
export function demoContent(
  current: Content,
  counts: DemoCounts,
): { content: Content; news: boolean } {
  const r = generator(45 + counts.caseStudies * 7 + counts.news);
  const next: Record<string, unknown> = { ...current };
  const fill = (file: string, count: number, make: (n: number) => Record<string, unknown>) => {
    const definition: CollectionDefinition | undefined = definitionOf(file);
    if (!definition) return false;
    const own = (
      (current as Record<string, unknown>)[file] as Array<{ id: string; order?: number }>
    ).filter((item) => !item.id.startsWith(DEMO_PREFIX));
    const ordered = 'order' in definition.item.shape;
    let order = Math.max(0, ...own.map((item) => item.order ?? 0));
    // Only the fields the definition has: a collection's schema is strict.
    const fields = (item: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(item).filter(([k]) => k in definition.item.shape));
    next[file] = [
      ...own,
      ...Array.from({ length: count }, (_, i) => ({
        ...fields(make(i + 1)),
        ...(ordered ? { order: ++order } : {}),
      })),
    ];
    return true;
  };
  fill('case-studies.yaml', counts.caseStudies, (n) => caseStudy(r, n, current));
  const news = fill('news.yaml', counts.news, (n) => newsItem(r, n, current));
  return { content: checkedContent(next), news };
}

/** What one seed-demo run did: the release (null when nothing changed) and its timings in ms. */
export interface DemoSeeded {
  release: Release | null;
  news: boolean;
  seedMs: number;
  publishMs: number;
}

/**
 * Generates the demo items and publishes them as one release by {@link DEMO_AUTHOR}.
 * @param force publish even when {@link hasRealContent}
 * @returns what was done, or `refused` when the database has real content and `force` is not set
 */
export async function seedDemo(
  store: ContentStore,
  counts: DemoCounts,
  force = false,
): Promise<DemoSeeded | 'refused'> {
  if (!force && (await hasRealContent(store))) return 'refused';
  const started = performance.now();
  const { content, news } = demoContent(await store.read(), counts);
  const generated = performance.now();
  const release = await store.publish(content, {
    author: DEMO_AUTHOR,
    note: `${counts.caseStudies} case studies${news ? `, ${counts.news} newsroom items` : ''}`,
  });
  return {
    release,
    news,
    seedMs: Math.round(generated - started),
    publishMs: Math.round(performance.now() - generated),
  };
}
