/**
 * The content store (`src/server/content/store.ts`, docs/decisions/048-content-in-the-database.md)
 * on SQLite and a throwaway PostgreSQL, one database per engine for the file: seeded exactly from
 * `src/content/`, releases numbered with what they changed, export then import a round trip, and
 * an import with a mistake refused with its file, item and field, changing nothing; each release's
 * publish time read back to the millisecond.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContentDir, writeContentDir } from '../../src/server/content/files.ts';
import { CONTENT_DIR, loadContentFile } from '../../src/server/content/files.ts';
import { createContentStore, type ContentStore } from '../../src/server/content/store.ts';
import { CONTENT_FILES, type Content } from '../../src/server/content/items.ts';
import type { Db } from '../../src/server/db/tables.ts';
import { tempDir } from './support/temp-dir.ts';
import { engines } from './support/engines.ts';

const yamlContent = (): Content => {
  const read = readContentDir();
  if (!read.content) throw new Error(read.problems.join('\n'));
  return read.content;
};

describe.each(engines('content'))('the content store on %s', (_name, open) => {
  let db: Db;
  let store: ContentStore;
  beforeAll(async () => {
    db = await open();
    store = createContentStore(db);
  });
  afterAll(() => db.close());

  it('is seeded once, as release 1, with every field of every file exactly', async () => {
    expect(await store.latest()).toBeNull();
    const first = await store.seed(yamlContent(), { author: 'initial content' });
    expect(first).toMatchObject({ number: 1, author: 'initial content' });
    expect(await store.seed(yamlContent(), { author: 'again' })).toBeNull();
    const stored = await store.read();
    for (const file of CONTENT_FILES) {
      // The YAML as the build reads it: parsed, validated, lists in `order`.
      expect(stored[file], file).toStrictEqual(loadContentFile(file));
    }
    expect(JSON.stringify(stored)).toBe(JSON.stringify(yamlContent()));
  });

  it('export then import is a round trip that publishes nothing', async () => {
    const dir = tempDir('content-export');
    writeContentDir(dir, await store.read());
    const read = readContentDir(dir);
    expect(read.problems).toBeUndefined();
    expect(await store.publish(read.content!, { author: 'round trip' })).toBeNull();
    expect(await store.latest()).toBe(1);
  });

  it('publishes a change as the next release naming what changed, old releases unchanged', async () => {
    const before = await store.read();
    const next = structuredClone(before);
    next['services.yaml'][0]!.title = 'Media relations, renamed';
    next['testimonials.yaml'] = [...next['testimonials.yaml']].reverse();
    next['stats.yaml'] = next['stats.yaml'].slice(1);
    const release = await store.publish(next, { author: 'asha@example.com', note: 'test' });
    expect(release?.number).toBe(2);
    const changed = release!.changed.map(
      (c) => `${c.collection}:${c.key}${c.removed ? ' removed' : ''}`,
    );
    expect(changed).toContain(`services.yaml:${before['services.yaml'][0]!.id}`);
    expect(changed).toContain(`stats.yaml:${before['stats.yaml'][0]!.id} removed`);
    expect(changed.filter((c) => c.startsWith('testimonials.yaml')).length).toBeGreaterThan(0);
    expect(changed.some((c) => c.startsWith('pages.yaml'))).toBe(false);
    expect(await store.read()).toStrictEqual(next);
    expect(await store.read(1)).toStrictEqual(before);
    const history = await store.history();
    expect(history.map((r) => [r.number, r.author, r.note])).toEqual([
      [2, 'asha@example.com', 'test'],
      [1, 'initial content', ''],
    ]);
    expect(history[0]!.changed).toHaveLength(release!.changed.length);
    expect(history[1]!.changed.length).toBeGreaterThan(50);
    expect(history[0]!.publishedAt).toBeGreaterThanOrEqual(history[1]!.publishedAt);
    // Each release's time as history gives it, to the millisecond (the sitemap's lastmod).
    expect(await store.publishedAt(2)).toBe(release!.publishedAt);
    expect(await store.publishedAt(1)).toBe(history[1]!.publishedAt);
    await expect(store.publishedAt(3)).rejects.toThrow('No content release 3');
  });

  it('refuses a folder with mistakes, naming file, item and field, before anything is written', async () => {
    const dir = tempDir('content-bad');
    cpSync(CONTENT_DIR, dir, { recursive: true, filter: (f) => !f.endsWith('.ts') });
    const services = join(dir, 'services.yaml');
    writeFileSync(
      services,
      readFileSync(services, 'utf8').replace(/title: .*/, `title: ${'x'.repeat(61)}`),
    );
    const read = readContentDir(dir);
    expect(read.content).toBeUndefined();
    expect(read.problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${services}: item \\d+ \\([a-z-]+\\), title: Service title must be at most 60 characters$`,
        ),
      ),
    ]);
    expect(await store.latest()).toBe(2);
  });
});
