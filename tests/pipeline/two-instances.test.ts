/**
 * Two production servers on one PostgreSQL database (`scripts/lib/two-instances.ts`): they serve
 * every page as the same bytes with the same ETag, and a content change published with the
 * operators' CLI (`npm run content -- import --from DIR --publish`, docs/operations/content.md)
 * reaches both within 5 s, again byte for byte the same on each, and so does the sitemap, dated
 * by that release's publish time (docs/decisions/048-content-in-the-database.md,
 * docs/decisions/060-sitemap-lastmod-follows-releases.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lastmodsOf } from '../support/sitemap.ts';
import { startTwoInstances, type TwoInstances } from '../../scripts/lib/two-instances.ts';
import { tempDir } from './support/temp-dir.ts';

describe('two instances on one PostgreSQL', () => {
  let two: TwoInstances;
  beforeAll(async () => {
    two = await startTwoInstances({ buildDir: inject('buildDir'), adminUrl: inject('pgAdminUrl') });
  });
  afterAll(() => two?.stop());

  it('serve the same bytes and ETag for every page and the sitemap before and after a publish', async () => {
    for (const path of ['/', '/about', '/expertise', '/showcase', '/contact', '/nowhere']) {
      const [a, b] = await Promise.all([two.get(0, path), two.get(1, path)]);
      expect(a.status, path).toBe(path === '/nowhere' ? 404 : 200);
      expect(b.status, path).toBe(a.status);
      expect(b.etag, path).toBe(a.etag);
      expect(b.body.equals(a.body), `${path}: equal bytes`).toBe(true);
    }
    const before = await two.get(0, '/expertise');
    // The seed's sitemap, the same on both (waitForSame throws otherwise).
    const sitemap = await two.waitForSame('/sitemap.xml', () => true);

    const dir = tempDir('two-instances');
    expect(two.content('export', '--to', dir).code).toBe(0);
    const file = join(dir, 'services.yaml');
    const title = `Media relations, seen on both (${Date.now()})`;
    writeFileSync(file, readFileSync(file, 'utf8').replace(/title: .*/, `title: ${title}`));
    const published = two.content('import', '--from', dir, '--publish', '--author', 'test');
    expect(published, published.err).toMatchObject({ code: 0 });

    // Both within 5 s of the publish, the same bytes and ETag (waitForSame throws otherwise).
    const { answer, ms } = await two.waitForSame('/expertise', (body) => body.includes(title));
    expect(Math.max(...ms)).toBeLessThan(5_000);
    expect(answer.etag).not.toBe(before.etag);
    const data = '/expertise.data?_routes=expertise';
    await two.waitForSame(data, (body) => body.includes(title));
    // The sitemap follows on both, dated by the time the CLI's release holds in the database
    // (docs/decisions/060-sitemap-lastmod-follows-releases.md).
    const newest = /^\d+ {2}(\S+) /.exec(two.content('history').out)?.[1];
    const dated = await two.waitForSame('/sitemap.xml', (body) => body.includes(`${newest}<`));
    expect(dated.answer.etag).not.toBe(sitemap.answer.etag);
    // Each page by the last change of what it shows (docs/decisions/093-incremental-publish.md):
    // the pages that show the services the release's, the rest an earlier one.
    const lastmods = await lastmodsOf(dated.answer.body.toString('utf8'));
    const at = (path: string) => [...lastmods].find(([loc]) => new URL(loc).pathname === path)?.[1];
    expect(at('/expertise')).toBe(newest);
    expect(at('/')).toBe(newest);
    expect(at('/contact')).not.toBe(newest);
    for (const server of two.instances) {
      expect(server.logs()).toMatch(/pages of a new content release stored/);
    }
  });
});
