/**
 * Fills a database with an earlier release's own content code — its seed, a draft, a pending
 * schedule and a share link — and prints what that code reads back, as JSON. Run by
 * `tests/pipeline/content-upgrade.test.ts` with the project's Node, on the release's `src/` and
 * `scripts/` taken from git:
 *
 *   node tests/pipeline/support/fill-content-release.ts <release folder> <data folder> [PostgreSQL URL]
 */
import { join } from 'node:path';

const [release = '', dataDir = '', databaseUrl] = process.argv.slice(2);
const config = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
type Loaded = Record<string, (...args: never[]) => unknown>;
const load = async (path: string) => (await import(join(release, path))) as Loaded;

const { openStore } = await load('src/server/enquiries/runtime.ts');
const { openContentStore } = await load('src/server/content/source.ts');
const { readContentDir } = await load('scripts/lib/content-files.ts');
const enquiries = openStore!(config as never) as {
  migrate(): Promise<void>;
  close(): Promise<void>;
};
await enquiries.migrate();
interface Item {
  id: string;
  quote: string;
}
const content = openContentStore!(config as never) as {
  store: {
    seed(c: unknown, by: unknown): Promise<unknown>;
    read(): Promise<Record<string, unknown>>;
    latest(): Promise<number>;
  };
  drafts: {
    save(input: unknown, at: number): Promise<unknown>;
    list(): Promise<unknown[]>;
  };
  schedules: { schedule(s: unknown): Promise<string>; list(): Promise<unknown[]> };
  previews: { create(p: unknown, now: number): Promise<{ token: string }> };
  close(): Promise<void>;
};
const seed = readContentDir!(join(release, 'src/content') as never) as { content: unknown };
await content.store.seed(seed.content, { author: 'initial content' });
const published = await content.store.read();
const [first] = published['testimonials.yaml'] as Item[];
const draft = { ...first!, quote: 'A draft written before the upgrade.' };
await content.drafts.save(
  {
    collection: 'testimonials.yaml',
    key: first!.id,
    value: draft,
    baseRelease: 1,
    seenVersion: null,
    author: 'staff-asha',
  },
  1_000,
);
const change = {
  collection: 'testimonials.yaml',
  key: first!.id,
  position: 0,
  body: JSON.stringify(draft),
};
await content.schedules.schedule({
  changes: [change],
  label: 'A testimonial',
  publishAt: Date.now() + 86_400_000,
  author: 'Asha',
});
const { token } = await content.previews.create(
  {
    path: '/',
    changes: [change],
    label: 'A testimonial',
    createdBy: 'staff-asha',
    ttlMs: 86_400_000,
    shared: true,
  },
  Date.now(),
);
process.stdout.write(
  JSON.stringify({
    latest: await content.store.latest(),
    content: published,
    drafts: await content.drafts.list(),
    schedules: await content.schedules.list(),
    token,
  }),
);
await content.close();
await enquiries.close();
