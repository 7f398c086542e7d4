/**
 * Content files people review (`src/server/content/files.ts`, `markdown-files.ts`,
 * docs/operations/content.md), as an operator runs `npm run content` on SQLite: an export
 * writes each case study as `case-studies/<slug>.md` and every rich text as Markdown; the import
 * of an export changes nothing and a second export is byte-equal; an edited file publishes what
 * it says (front matter groups, body Markdown); a `javascript:` link or raw HTML is refused
 * naming the file, the line and the rule; a removed file removes the item; a new file without
 * `id` gets one; an older export (rich text as JSON in `case-studies.yaml`) is still read; and
 * `seed-demo` makes a site on SQLite and PostgreSQL, refusing a database with published content
 * unless forced.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { definitionOf } from '../../src/content/collections.ts';
import { readContentDir } from '../../src/server/content/files.ts';
import { contentCli as content, createDatabase } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

/** Every file under `dir` by its relative path, with its text. */
const filesOf = (dir: string): Record<string, string> =>
  Object.fromEntries(
    (readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.md') || f.endsWith('.yaml'))
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );

const SNEAKERS = 'case-studies/a-home-grown-sneaker-label-goes-national.md';

/** `SNEAKERS` in `dir` with its body replaced by `body` (and `front` added to its fields). */
const rewrite = (dir: string, body: string, front = '') => {
  const path = join(dir, SNEAKERS);
  const [, fields] = /^---\n([\s\S]*?)\n---\n/.exec(readFileSync(path, 'utf8'))!;
  writeFileSync(path, `---\n${fields}\n${front}---\n\n${body}\n`);
  return path;
};

/** The 1-based line of the first line of `path` that contains `text`. */
const lineOf = (path: string, text: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(text)) + 1;

describe('npm run content: Markdown files', () => {
  let env: Record<string, string>;
  let dir: string;
  beforeEach(() => {
    env = { DATA_DIR: tempDir('content-files') };
    dir = tempDir('content-files-export');
    expect(content(env, 'export', '--to', dir).code).toBe(0);
  });

  it('exports one Markdown file per case study and rich text as Markdown, a round trip that changes nothing', () => {
    const files = filesOf(dir);
    expect(Object.keys(files).filter((f) => f.startsWith('case-studies/'))).toHaveLength(8);
    expect(files).not.toHaveProperty('case-studies.yaml');
    const sneakers = files[SNEAKERS]!;
    expect(sneakers).toMatch(
      /^---\nid: consumer-lifestyle-1\norder: 1\ntitle: A home-grown sneaker label goes national\nslug: a-home-grown-sneaker-label-goes-national\n/,
    );
    expect(sneakers).toMatch(/\nsummary: A Jaipur footwear start-up had a loyal Instagram/);
    expect(sneakers).toMatch(/\nresults:\n {2}- figure: 140\+\n/);
    // The body after the front matter, as paragraphs of plain Markdown: no JSON anywhere.
    expect(sneakers).toMatch(/\n---\n\nThe brief was plain: the label sold out every drop online/);
    expect(Object.values(files).join('')).not.toMatch(/type: (doc|paragraph)/);
    // The founder's bio is the paragraphs src/content/ holds.
    const seed = readContentDir().content!;
    expect(files['founder.yaml']).toContain(
      "  bio:\n    - 'Meera spent a decade as a business and policy reporter in Delhi before crossing the desk in",
    );
    expect(seed['founder.yaml'][0]!.bio.content).toHaveLength(2);

    expect(content(env, 'import', '--from', dir)).toMatchObject({
      code: 0,
      out: 'nothing would change\n',
    });
    const again = tempDir('content-files-again');
    expect(content(env, 'export', '--to', again).code).toBe(0);
    expect(filesOf(again)).toStrictEqual(files);
  });

  it('publishes an edited file: grouped fields and Markdown come back byte-equal', () => {
    const path = rewrite(
      dir,
      'The brief was **plain**, with [a link](https://example.com/story) and *italics*.\n\n- one\n- two\n\n3. three\n4. four',
      'approval:\n  by: R. Mehta, founder\n  on: 2026-11-27\nseo:\n  title: Sneakers that went national\n',
    );
    const edited = readFileSync(path, 'utf8');
    expect(content(env, 'import', '--from', dir).out).toBe(
      'changed  case-studies.yaml  consumer-lifestyle-1\n1 items would change; publish them with --publish\n',
    );
    expect(content(env, 'import', '--from', dir, '--publish').out).toBe(
      'published release 2: 1 items changed\n',
    );
    const out = tempDir('content-files-edited');
    content(env, 'export', '--to', out);
    expect(readFileSync(join(out, SNEAKERS), 'utf8')).toBe(edited);
    expect(content(env, 'import', '--from', out).out).toBe('nothing would change\n');
  });

  it('refuses a javascript: link and raw HTML, naming the file, the line and the rule', () => {
    const path = rewrite(dir, 'A [link](javascript:alert(1)) here.\n\n<script>alert(1)</script>');
    const founder = join(dir, 'founder.yaml');
    writeFileSync(
      founder,
      readFileSync(founder, 'utf8').replace("  bio:\n    - '", "  bio:\n    - '<b>bold</b> "),
    );
    const refused = content(env, 'import', '--from', dir, '--publish');
    expect(refused.code).toBe(1);
    expect(refused.err.split('\n')).toEqual(
      expect.arrayContaining([
        `Content error: ${founder}:${lineOf(founder, '<b>bold</b>')}: item 1 (founder), bio: Raw HTML is not allowed in rich text (allowed: paragraphs, lists, bold, italic and links)`,
        `Content error: ${path}:${lineOf(path, 'javascript:')}: body: Links to javascript: addresses are refused: they can run code in the page`,
        `Content error: ${path}:${lineOf(path, '<script>')}: body: Raw HTML is not allowed in rich text (allowed: paragraphs, lists, bold, italic and links)`,
        'content: nothing was changed',
      ]),
    );
    expect(content(env, 'history').out).toMatch(/^1 {2}/);
  });

  it('removes the item whose file is gone, and gives a new file without id one', () => {
    const sneakers = readFileSync(join(dir, SNEAKERS), 'utf8');
    rmSync(join(dir, SNEAKERS));
    const slug = 'sneakers-again';
    writeFileSync(
      join(dir, `case-studies/${slug}.md`),
      sneakers
        .replace(/^id: .*\n/m, '')
        .replace(/^order: .*\n/m, '')
        .replace(/^slug: .*$/m, `slug: ${slug}`),
    );
    // The others move up one place, which a release records as a change of theirs too.
    const listed = content(env, 'import', '--from', dir).out.split('\n');
    expect(listed).toContain('removed  case-studies.yaml  consumer-lifestyle-1');
    expect(listed).toContain(`changed  case-studies.yaml  ${slug}`);
    expect(content(env, 'import', '--from', dir, '--publish').code).toBe(0);
    const out = tempDir('content-files-removed');
    content(env, 'export', '--to', out);
    expect(existsSync(join(out, SNEAKERS))).toBe(false);
    expect(readFileSync(join(out, `case-studies/${slug}.md`), 'utf8')).toMatch(
      new RegExp(`^---\\nid: ${slug}\\norder: 9\\n`),
    );
  });

  it('refuses a file not named after its slug, and one file and a folder of one collection', () => {
    const path = join(dir, SNEAKERS);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^slug: .*$/m, 'slug: other-name'));
    expect(content(env, 'import', '--from', dir).err).toContain(
      `Content error: ${path}:${lineOf(path, 'slug:')}: slug: the file is named after the slug: rename it to other-name.md, or change the slug\n`,
    );
    writeFileSync(join(dir, 'case-studies.yaml'), '[]\n');
    expect(content(env, 'import', '--from', dir).err).toContain(
      'a collection is one YAML file or a folder of Markdown files, not both',
    );
  });

  it('still reads an older export: case-studies.yaml with rich text as JSON', () => {
    rmSync(join(dir, 'case-studies'), { recursive: true });
    const seed = readContentDir().content!;
    writeFileSync(join(dir, 'case-studies.yaml'), stringify(seed['case-studies.yaml']));
    expect(readFileSync(join(dir, 'case-studies.yaml'), 'utf8')).toContain('type: doc');
    expect(content(env, 'import', '--from', dir)).toMatchObject({
      code: 0,
      out: 'nothing would change\n',
    });
  });
});

describe.each([
  ['SQLite', () => Promise.resolve({ DATA_DIR: tempDir('content-demo') })],
  ['PostgreSQL', async () => ({ DATABASE_URL: await createDatabase(inject('pgAdminUrl')) })],
])('npm run content -- seed-demo on %s', (_name, database) => {
  it('makes a site with one release, and refuses a database with published content unless forced', async () => {
    const env: Record<string, string> = await database();
    const news = definitionOf('news.yaml') !== undefined;
    const seeded = content(env, 'seed-demo', '--case-studies', '30', '--news', '4');
    expect(seeded.code).toBe(0);
    expect(seeded.out).toMatch(
      news
        ? /^seed-demo: 30 case studies, 4 newsroom items made and checked in \d+ ms; release 2 published in \d+ ms \(34 items changed\)\n$/
        : /^news\.yaml is not a collection here: no newsroom items made\nseed-demo: 30 case studies made and checked in \d+ ms; release 2 published in \d+ ms \(30 items changed\)\n$/,
    );
    const dir = tempDir('content-demo-export');
    content(env, 'export', '--to', dir);
    const studies = readdirSync(join(dir, 'case-studies'));
    expect(studies).toHaveLength(38);
    expect(new Set(studies.map((f) => f.replace(/-\d+\.md$/, ''))).size).toBeGreaterThan(15);
    expect(content(env, 'import', '--from', dir).out).toBe('nothing would change\n');

    // seed-demo's own releases are not real content: it runs again, replacing its items.
    expect(content(env, 'seed-demo', '--case-studies', '5').out).toMatch(
      // 25 case studies fewer, 5 made anew, and the 4 newsroom items gone where there is a newsroom.
      new RegExp(`release 3 published in \\d+ ms \\(${news ? 34 : 30} items changed\\)`),
    );
    const operator = tempDir('content-demo-operator');
    content(env, 'export', '--to', operator);
    const path = join(operator, SNEAKERS);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^client: .*$/m, 'client: Real Ltd'));
    expect(content(env, 'import', '--from', operator, '--publish').code).toBe(0);
    expect(content(env, 'seed-demo', '--case-studies', '5')).toMatchObject({
      code: 1,
      out: '',
      err: 'content: this database has content someone published; seed-demo adds to it only with --force\n',
    });
    expect(content(env, 'seed-demo', '--case-studies', '6', '--force').out).toMatch(
      /release 5 published/,
    );
    expect(content(env, 'seed-demo')).toMatchObject({ code: 2 });
    expect(content(env, 'seed-demo', '--case-studies', 'many')).toMatchObject({ code: 2 });
    // Eleven runs of the CLI, each a Node start from the sources.
  }, 180_000);
});
