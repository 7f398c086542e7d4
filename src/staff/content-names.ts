/**
 * How the content pages name collections and items to people
 * (docs/decisions/050-drafts-publish-and-conflicts.md); imports nothing, so pages and servers share it.
 */

/** Each collection's file, its name, what it is, and its path segment under `/staff/content`. */
export const COLLECTION_NAMES = [
  ['pages.yaml', 'Page titles and descriptions', 'What search results and shared links show'],
  ['sections.yaml', 'Page sections', 'Headings and copy of each page’s sections'],
  ['testimonials.yaml', 'Testimonials', 'Quotes from clients, in the carousel'],
  ['awards.yaml', 'Awards', 'The awards carousel'],
  ['team.yaml', 'Team', 'The team on the About page'],
  ['founder.yaml', 'Founder', 'The founder’s profile'],
  ['services.yaml', 'Services', 'The eight services on Expertise and Home'],
  ['showcase.yaml', 'Showcase', 'Categories and their sample projects'],
  ['stats.yaml', 'Stats', 'The counters: years, clients, projects, verticals'],
  ['network.yaml', 'Network', 'The partner network tiles'],
  ['quotes.yaml', 'Pull quotes', 'The pull quote on About'],
  ['stories.yaml', 'Stories', 'Philosophy, journey and approach texts'],
  ['privacy.yaml', 'Privacy notice', 'How we handle your enquiry, on Contact'],
].map(([file, name, about]) => ({
  file: file!,
  name: name!,
  about: about!,
  slug: file!.replace(/\.yaml$/, ''),
}));

/** The collection's entry by path segment or file name. */
export const collectionNamed = (slugOrFile: string) =>
  COLLECTION_NAMES.find((c) => c.slug === slugOrFile || c.file === slugOrFile);

/** The collection's human name (its file name when unknown). */
export const collectionName = (file: string): string => collectionNamed(file)?.name ?? file;

/** Fields that name an item, in the order tried. */
const TITLE_FIELDS = ['name', 'title', 'category', 'city', 'author', 'label', 'heading', 'quote'];

/** A short name for an item: its first naming field, else its key. */
export function itemLabel(key: string, value: unknown): string {
  if (value && typeof value === 'object') {
    for (const field of TITLE_FIELDS) {
      const v = (value as Record<string, unknown>)[field];
      if (typeof v === 'string' && v) return v.length > 80 ? `${v.slice(0, 77)}…` : v;
    }
  }
  return key || 'The whole document';
}

/** `/staff/content/<slug>`, and an item's page (`key` '' for a collection kept whole). */
export const CONTENT_BASE = '/staff/content';
export const collectionPath = (file: string): string =>
  `${CONTENT_BASE}/${collectionNamed(file)?.slug ?? file}`;
export const itemPath = (file: string, key: string): string =>
  `${collectionPath(file)}/items/${encodeURIComponent(key || WHOLE_KEY)}`;
/** The path segment of the one item of a collection kept whole. */
export const WHOLE_KEY = 'whole';
