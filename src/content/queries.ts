/**
 * Typed access to the content collections for pages and layouts (design.md "Thin pages").
 *
 * Each helper returns entry data in content order and throws when a required entry is missing,
 * so a typo in a section id fails the build instead of rendering an empty section.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';

/** Section ids present in `src/content/sections.yaml`. */
export type SectionId = CollectionEntry<'sections'>['id'];
export type SectionCopy = CollectionEntry<'sections'>['data'];

/**
 * Copy (eyebrow, heading, lede…) of one page section.
 * @throws Error when `id` is not in sections.yaml.
 */
export async function section(id: SectionId): Promise<SectionCopy> {
  const entry = await getEntry('sections', id);
  if (!entry) throw new Error(`Missing section copy "${id}" in src/content/sections.yaml`);
  return entry.data;
}

/** Copy of several sections at once, in the order asked (for destructuring in pages). */
export async function sections<const T extends readonly SectionId[]>(
  ...ids: T
): Promise<{ [K in keyof T]: SectionCopy }> {
  return (await Promise.all(ids.map(section))) as { [K in keyof T]: SectionCopy };
}

/** Data of every entry of a YAML list collection, sorted by its `order` field. */
export async function list<
  C extends 'testimonials' | 'awards' | 'team' | 'services' | 'showcase' | 'stats' | 'network',
>(collection: C): Promise<CollectionEntry<C>['data'][]> {
  const entries = await getCollection(collection);
  return entries.map((e) => e.data).sort((a, b) => a.order - b.order);
}

/** The founder profile (first and only entry of `founder.yaml`). */
export async function founder(): Promise<CollectionEntry<'founder'>['data']> {
  const [entry] = await getCollection('founder');
  if (!entry) throw new Error('src/content/founder.yaml has no entry');
  return entry.data;
}

/** The /about pull quote. */
export async function pullQuote(): Promise<CollectionEntry<'quotes'>['data']> {
  const entry = await getEntry('quotes', 'about-pull-quote');
  if (!entry) throw new Error('Missing quote "about-pull-quote" in src/content/quotes.yaml');
  return entry.data;
}

/** The About long-form texts (philosophy, journey, approach), sorted by `order`. */
export async function stories(): Promise<CollectionEntry<'stories'>[]> {
  const entries = await getCollection('stories');
  return entries.sort((a, b) => a.data.order - b.data.order);
}

/**
 * A legal document (`privacy` or `terms`).
 * @throws Error when the YAML file is missing.
 */
export async function legal(id: 'privacy' | 'terms'): Promise<CollectionEntry<'legal'>['data']> {
  const entry = await getEntry('legal', id);
  if (!entry) throw new Error(`Missing src/content/legal/${id}.yaml`);
  return entry.data;
}
