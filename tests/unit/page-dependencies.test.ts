/**
 * Which pages a release changes (`src/server/content/page-dependencies.ts`): the items that differ
 * between two releases, and whether a page's recorded reads (`src/content/reader.ts`) touch one.
 */
import { describe, expect, it } from 'vitest';
import type { SiteContent } from '../../src/content/images.ts';
import { readerOf } from '../../src/content/reader.ts';
import { contentChanges, pageTouched } from '../../src/server/content/page-dependencies.ts';

const content = (studies: object[], privacy = 'v1') =>
  ({
    'case-studies.yaml': studies,
    'sections.yaml': { 'about-team': { heading: 'Team' }, 'home-hero': { heading: 'Hi' } },
    'privacy.yaml': { text: privacy },
  }) as unknown as SiteContent;

const a = { id: 'a', slug: 'a', category: 'brands', title: 'A' };
const b = { id: 'b', slug: 'b', category: 'tech', title: 'B' };
const one = new Set(['privacy.yaml']);

describe('contentChanges', () => {
  it('names the items that are new, gone, changed or moved, and nothing else', () => {
    const before = content([a, b]);
    expect(contentChanges(before, content([a, b]), one)).toEqual([]);
    const changed = contentChanges(before, content([a, { ...b, title: 'B2' }]), one);
    expect(changed.map((c) => `${c.collection}/${c.key}`)).toEqual(['case-studies.yaml/b']);
    const moved = contentChanges(before, content([b, a]), one);
    expect(moved.map((c) => c.key).sort()).toEqual(['a', 'b']);
    const gone = contentChanges(before, content([a]), one);
    expect(gone).toEqual([
      {
        collection: 'case-studies.yaml',
        key: 'b',
        before: b,
        after: undefined,
        edited: true,
        moved: false,
      },
    ]);
    // A new item first moves no other: the others keep their order among themselves.
    const c = { id: 'c', slug: 'c', category: 'tech', title: 'C' };
    expect(contentChanges(before, content([c, a, b]), one).map((x) => x.key)).toEqual(['c']);
    expect(contentChanges(before, content([a, b], 'v2'), one)).toMatchObject([
      { collection: 'privacy.yaml', key: '' },
    ]);
  });
});

describe('pageTouched', () => {
  /** What a page reading through `read` recorded. */
  const readsOf = (read: (r: ReturnType<typeof readerOf>) => void) => {
    const reader = readerOf(content([a, b]));
    read(reader);
    return reader.dependencies;
  };
  const change = (after: object) =>
    contentChanges(content([a, b]), content([a, { ...b, ...after }]), one);

  it('an item page is touched by its own item only, and not by its place in the list', () => {
    const page = readsOf((r) => r.find('case-studies.yaml', 'slug', 'a'));
    expect(pageTouched(page, change({ title: 'B2' }))).toBe(false);
    expect(pageTouched(page, contentChanges(content([a, b]), content([b, a]), one))).toBe(false);
    const other = readsOf((r) => r.find('case-studies.yaml', 'slug', 'b'));
    expect(pageTouched(other, change({ title: 'B2' }))).toBe(true);
  });

  it('a filtered list is touched by an item that matches its filter before or after', () => {
    const brands = readsOf((r) =>
      r.list('case-studies.yaml', { fields: ['slug'], where: { category: 'brands' } }),
    );
    expect(pageTouched(brands, change({ title: 'B2' }))).toBe(false);
    expect(pageTouched(brands, change({ category: 'brands' }))).toBe(true);
    const paged = readsOf((r) =>
      r.list('case-studies.yaml', { fields: ['slug'], where: { category: 'brands' }, perPage: 12 }),
    );
    expect(pageTouched(paged, change({ title: 'B2' }))).toBe(false);
    expect(pageTouched(paged, change({ category: 'brands' }))).toBe(true);
  });

  it('a list is touched by a change of a field it shows, filters or orders by, not of another', () => {
    const slugs = readsOf((r) =>
      r.list('case-studies.yaml', { fields: ['slug'], where: { category: 'tech' } }),
    );
    expect(pageTouched(slugs, change({ title: 'B2' }))).toBe(false);
    expect(pageTouched(slugs, change({ slug: 'b2' }))).toBe(true);
    const titles = readsOf((r) =>
      r.list('case-studies.yaml', { fields: ['title'], where: { category: ['tech', 'x'] } }),
    );
    expect(pageTouched(titles, change({ title: 'B2' }))).toBe(true);
    const newest = readsOf((r) =>
      r.list('case-studies.yaml', { fields: ['slug'], newestBy: 'title', perPage: 1 }),
    );
    expect(pageTouched(newest, change({ title: 'Z' }))).toBe(true);
    expect(pageTouched(newest, change({ summary: 'More' }))).toBe(false);
    // The order of two items changed: every list of both, as any page may now hold another.
    expect(pageTouched(slugs, contentChanges(content([a, b]), content([b, a]), one))).toBe(true);
  });

  it('a cursor list is touched only by an item placed within its window', () => {
    const items = ['A', 'B', 'C', 'D'].map((t) => ({ id: t.toLowerCase(), slug: t, title: t }));
    const reader = readerOf(content(items));
    // Newest first by title: D, C, B, A; after C, one item: B.
    const shown = reader.list('case-studies.yaml', {
      fields: ['slug'],
      newestBy: 'title',
      after: 'c',
      perPage: 1,
    });
    expect(shown.items).toEqual([{ slug: 'B' }]);
    const reads = reader.dependencies;
    const withItems = (next: object[]) => contentChanges(content(items), content(next), one);
    const added = (title: string) => withItems([...items, { id: 'x', slug: 'X', title }]);
    expect(pageTouched(reads, added('E'))).toBe(false);
    expect(pageTouched(reads, added('BB'))).toBe(true);
    expect(pageTouched(reads, added('AA'))).toBe(false);
    const edited = (id: string) =>
      withItems(items.map((i) => (i.id === id ? { ...i, slug: `${i.slug}2` } : i)));
    expect(pageTouched(reads, edited('a'))).toBe(false);
    expect(pageTouched(reads, edited('b'))).toBe(true);
    // Fewer than asked for: open to whatever comes after.
    const open = readerOf(content(items));
    open.list('case-studies.yaml', { fields: ['slug'], newestBy: 'title', after: 'b', perPage: 3 });
    expect(pageTouched(open.dependencies, added('AA'))).toBe(true);
  });

  it('a page of sections is touched by its own sections, a whole collection by any item', () => {
    const about = readsOf((r) => r.sections('about'));
    const heroChange = contentChanges(
      content([a, b]),
      {
        ...content([a, b]),
        'sections.yaml': { 'about-team': { heading: 'Team' }, 'home-hero': { heading: 'Hello' } },
      },
      one,
    );
    expect(pageTouched(about, heroChange)).toBe(false);
    expect(
      pageTouched(
        readsOf((r) => r.sections('home')),
        heroChange,
      ),
    ).toBe(true);
    expect(
      pageTouched(
        readsOf((r) => r.collection('case-studies.yaml')),
        change({ title: 'x' }),
      ),
    ).toBe(true);
    expect(
      pageTouched(
        readsOf((r) => r.find('case-studies.yaml', 'slug', 'zz')),
        change({ slug: 'zz' }),
      ),
    ).toBe(true);
  });
});
