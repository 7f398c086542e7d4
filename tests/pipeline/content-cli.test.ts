/**
 * The operators' content commands (`src/server/content/cli.ts`, docs/operations/content.md) as an
 * operator runs them, on SQLite beside a running production server and on a throwaway
 * PostgreSQL: history, export then import a round trip that changes nothing, an import with a
 * mistake refused with its file, item and field and nothing changed, a publish in the staff
 * audit log with the operator's name, and a publish that the running server shows within 5 s
 * (new bytes, new ETag).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  cli,
  contentCli as content,
  createDatabase,
  startServer,
  type RunningServer,
} from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

/** Replaces the first `field: …` line of `file` in `dir`. */
const edit = (dir: string, file: string, field: string, value: string) => {
  const path = join(dir, file);
  writeFileSync(
    path,
    readFileSync(path, 'utf8').replace(new RegExp(`${field}: .*`), `${field}: ${value}`),
  );
  return path;
};

describe.each([
  ['SQLite', () => Promise.resolve({ DATA_DIR: tempDir('content-cli') })],
  ['PostgreSQL', async () => ({ DATABASE_URL: await createDatabase(inject('pgAdminUrl')) })],
])('npm run content on %s', (_name, database) => {
  let env: Record<string, string>;
  beforeAll(async () => {
    env = await database();
  });

  it('exports, imports the export unchanged, refuses a mistake naming it, and publishes', () => {
    const dir = tempDir('content-export');
    const exported = content(env, 'export', '--to', dir);
    expect(exported).toMatchObject({ code: 0, out: expect.stringMatching(/^release 1: 25 files/) });
    expect(content(env, 'import', '--from', dir)).toMatchObject({
      code: 0,
      out: 'nothing would change\n',
    });
    expect(content(env, 'import', '--from', dir, '--publish').out).toBe(
      'nothing changed: no release published\n',
    );

    const services = edit(dir, 'services.yaml', 'title', 'x'.repeat(61));
    const refused = content(env, 'import', '--from', dir, '--publish');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      new RegExp(
        `^Content error: ${services}: item 1 \\([a-z-]+\\), title: Service title must be at most 60 characters\\ncontent: nothing was changed\\n$`,
      ),
    );
    expect(content(env, 'history').out).toMatch(
      /^1 {2}\S+ {2}initial content {2}85 items changed\n$/,
    );

    edit(dir, 'services.yaml', 'title', 'Media relations, rewritten');
    expect(content(env, 'import', '--from', dir).out).toBe(
      'changed  services.yaml  media-relations\n1 items would change; publish them with --publish\n',
    );
    const published = content(
      env,
      'import',
      '--from',
      dir,
      '--publish',
      '--author',
      'asha',
      '--note',
      'services',
    );
    expect(published).toMatchObject({ code: 0, out: 'published release 2: 1 items changed\n' });
    // In the staff audit log, as the operator's, with the name it was published by.
    // The server's own origin, as a production install sets it (the bundle runs in production).
    expect(cli({ ...env, SITE_URL: 'http://localhost:3000' }, 'staff', 'audit').out).toMatch(
      /^\S+ {2}operator {2}content-published {2}\(release 2, 1 items, by asha from the command line\)$/m,
    );
    expect(content(env, 'history').out.split('\n')[0]).toMatch(
      /^2 {2}\S+ {2}asha {2}1 items changed {2}services$/,
    );
    const first = tempDir('content-first');
    expect(content(env, 'export', '--to', first, '--release', '1').out).toMatch(/^release 1: /);
    expect(content(env, 'import', '--from', first).out).toMatch(
      /^changed {2}services.yaml {2}media-relations\n/,
    );
    expect(content(env, 'bogus')).toMatchObject({ code: 2 });
    expect(content(env, 'export', '--to', first, '--release', 'x')).toMatchObject({ code: 2 });
  });
});

describe('a publish beside a running server', () => {
  let server: RunningServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    env = { DATA_DIR: tempDir('content-server') };
    server = await startServer(inject('buildDir'), env);
  });
  afterAll(() => server?.stop());

  it('reaches the server’s stored page within 5 s: new bytes, new ETag', async () => {
    const before = await fetch(`${server.url}/expertise`);
    const beforeText = await before.text();
    const dir = tempDir('content-publish');
    expect(content(env, 'export', '--to', dir).code).toBe(0);
    edit(dir, 'services.yaml', 'title', 'Media relations, published live');
    expect(content(env, 'import', '--from', dir, '--publish').code).toBe(0);
    const published = Date.now();
    let after: Response | undefined;
    let text = beforeText;
    while (!text.includes('published live') && Date.now() - published < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await fetch(`${server.url}/expertise`);
      text = await after.text();
    }
    expect(text).toContain('Media relations, published live');
    expect(after?.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(server.logs()).toMatch(/pages of a new content release stored/);
  });
});
