/**
 * Upgrading a site that already keeps its content in the database: a database created and
 * filled by the previous release's own content code (its `src/` and `scripts/`, taken from git:
 * the seed, a draft, a pending schedule and a share link, `support/fill-content-release.ts`) is
 * opened by this code on SQLite and on PostgreSQL as the server opens it at start — database
 * steps, then the content prepared (`src/server/content/migrate-content.ts`,
 * docs/decisions/064-content-migrations.md). The content reads as before (with whatever today's
 * content migrations add), the draft, the schedule and the share link are kept, and the draft
 * still publishes.
 */
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CONTENT_MIGRATIONS } from '../../src/content/migrations.ts';
import { seedFrom } from '../../src/server/content/files.ts';
import { openContentStore } from '../../src/server/content/source.ts';
import { openStore } from '../../src/server/enquiries/runtime.ts';
import { createDatabase, NODE, ROOT } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

/**
 * The collections today's content migrations change (each migration's own test says how): the
 * rest must read exactly as the previous release kept them.
 */
const CHANGED_BY_MIGRATIONS: readonly string[] = [
  'showcase.yaml',
  'pages.yaml',
  'sections.yaml',
  'privacy.yaml',
];

/** The keys migration 2 adds to keyed collections: the newsroom's page title and its sections. */
const NEWSROOM_KEYS = {
  'pages.yaml': ['news'],
  'sections.yaml': ['news-intro', 'home-news'],
} as const;

interface Project {
  title: string;
  description: unknown;
  outcome: string;
}
type OldCategory = { id: string; order: number; items: Project[] } & Record<string, unknown>;

/** The release this code upgrades from: the last one before content migrations. */
const PREVIOUS_RELEASE = '6f9358b';

let release = '';
beforeAll(() => {
  release = tempDir('content-release');
  const tar = join(release, 'src.tar');
  try {
    execFileSync('git', ['archive', '-o', tar, PREVIOUS_RELEASE, 'src', 'scripts'], { cwd: ROOT });
  } catch {
    throw new Error(
      `${PREVIOUS_RELEASE} is not in this clone's history (a shallow clone?): git fetch --unshallow`,
    );
  }
  execFileSync('tar', ['-xf', tar, '-C', release]);
  symlinkSync(join(ROOT, 'node_modules'), join(release, 'node_modules'));
});

const engines = [
  ['SQLite', () => Promise.resolve(undefined)],
  ['PostgreSQL', () => createDatabase(inject('pgAdminUrl'))],
] as const;

describe.each(engines)('content kept by the previous release on %s', (_name, create) => {
  it('opens with its content, draft, schedule and share link, and the draft publishes', async () => {
    const config = {
      DATA_DIR: tempDir('content-upgrade'),
      DATABASE_URL: await create(),
      SQLITE_SYNCHRONOUS: 'FULL' as const,
    };
    const args = [config.DATA_DIR, ...(config.DATABASE_URL ? [config.DATABASE_URL] : [])];
    const before = JSON.parse(
      execFileSync(
        NODE,
        [join(ROOT, 'tests/pipeline/support/fill-content-release.ts'), release, ...args],
        { cwd: ROOT, encoding: 'utf8' },
      ),
    ) as {
      latest: number;
      content: Record<string, unknown>;
      drafts: Array<{ key: string; value: unknown }>;
      schedules: unknown[];
      token: string;
    };
    expect(before.latest).toBe(1);

    const enquiries = openStore(config);
    await enquiries.migrate();
    const content = openContentStore(config);
    try {
      const prepared = await content.prepare(seedFrom());
      expect(prepared.seeded).toBe(false);
      expect(prepared.applied.map((a) => a.version)).toEqual(
        CONTENT_MIGRATIONS.map((m) => m.version),
      );
      const now = await content.store.read();
      for (const [file, value] of Object.entries(before.content)) {
        if (!CHANGED_BY_MIGRATIONS.includes(file)) {
          expect(now[file as keyof typeof now], file).toEqual(value);
        }
      }
      // Migration 1: the showcase's eight projects are eight case studies, their text the
      // summaries, in the showcase's order, each under its category; the categories keep the rest.
      const old = before.content['showcase.yaml'] as OldCategory[];
      expect(now['showcase.yaml']).toEqual(old.map(({ items: _items, ...category }) => category));
      const projects = old.flatMap((c) => c.items.map((p) => ({ ...p, category: c.id })));
      expect(projects).toHaveLength(8);
      expect(
        now['case-studies.yaml'].map((s) => ({
          title: s.title,
          description: s.summary,
          outcome: s.outcome,
          category: s.category,
        })),
      ).toEqual(projects);
      expect(now['case-studies.yaml'].map((s) => s.slug)).toEqual(
        seedFrom()()['case-studies.yaml'].map((s) => s.slug),
      );
      expect(now['case-studies.yaml'].every((s) => s.client === 'anonymised')).toBe(true);
      // Migrations 3 and 4: the notice the previous release seeded says what the statistics keep.
      expect(now['privacy.yaml']).toEqual(seedFrom()()['privacy.yaml']);
      // Migration 2: the newsroom's items as the seed has them, its page title and sections
      // added beside the kept ones.
      const seed = seedFrom()();
      expect(now['news.yaml']).toEqual(seed['news.yaml']);
      for (const [file, keys] of Object.entries(NEWSROOM_KEYS)) {
        const kept = before.content[file] as Record<string, unknown>;
        const added = Object.fromEntries(
          keys.map((key) => [
            key,
            (seed[file as keyof typeof seed] as Record<string, unknown>)[key],
          ]),
        );
        expect(now[file as keyof typeof now], file).toEqual({ ...kept, ...added });
      }
      const history = await content.store.history();
      expect(history[3]).toMatchObject({
        author: 'content migration',
        note: 'Content migration 1: Each showcase project becomes a case study with a page of its own',
      });
      expect(history[2]).toMatchObject({
        author: 'content migration',
        note: 'Content migration 2: The newsroom: press releases, agency news and insights, each with a page of its own',
      });
      expect(history[1]).toMatchObject({
        author: 'content migration',
        note: 'Content migration 3: The privacy notice says what the visit statistics count and keep',
      });
      expect(history[0]).toMatchObject({
        author: 'content migration',
        note: 'Content migration 4: The privacy notice says what is kept of a Web Vitals report',
      });

      const drafts = await content.drafts.list();
      expect(drafts.map((d) => d.key)).toEqual(before.drafts.map((d) => d.key));
      expect(drafts[0]?.value).toMatchObject({ quote: 'A draft written before the upgrade.' });
      expect(await content.schedules.list()).toHaveLength(before.schedules.length);
      expect((await content.previews.open(before.token, Date.now())).state).toBe('shown');

      const published = await content.drafts.publish(
        [{ collection: 'testimonials.yaml', key: drafts[0]!.key }],
        { author: 'Asha' },
      );
      expect(published.problems).toBeUndefined();
      expect((await content.store.read())['testimonials.yaml'][0]?.quote).toBe(
        'A draft written before the upgrade.',
      );
      // A second start has nothing left to do.
      expect((await content.prepare(seedFrom())).applied).toEqual([]);
    } finally {
      await content.close();
      await enquiries.close();
    }
  });
});
