#!/usr/bin/env node
/**
 * The site's content in the database (docs/decisions/048-content-in-the-database.md), for
 * operators, beside running servers on the same `DATA_DIR` or `DATABASE_URL` (the checked
 * configuration of `src/server/env.ts`, `npm start`'s defaults: `./data`):
 *
 *   npm run content -- export --to DIR [--release N]
 *                                             the published content (the newest release, or N)
 *                                             in src/content/'s layout, for review: YAML with
 *                                             rich text as Markdown, case studies as
 *                                             case-studies/<slug>.md (./files.ts)
 *   npm run content -- import --from DIR [--publish] [--author NAME] [--note TEXT]
 *                                             checks every file; lists what would change, and
 *                                             with --publish publishes it as the next release,
 *                                             in the staff audit log as the operator's, by NAME
 *                                             (default: the system user)
 *   npm run content -- history                every release, newest first
 *   npm run content -- seed-demo [--case-studies N] [--news N] [--force]
 *                                             a large site to measure with, published as one
 *                                             release (./seed-demo.ts); refuses a database
 *                                             with content someone published unless --force
 *
 * Running servers show a published release within 5 s. A database without a release is seeded
 * first (an older one gets its content migrations), as the server does at its start: from `src/content/`, or in the image
 * (`node dist/server/content.js …`) from the build's copy of it.
 *
 * Exit codes: 0 ok, 2 bad arguments, 1 invalid content (one line per problem: file, item,
 * field; nothing changed), invalid configuration or a store error.
 */
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { inPlaceOf, readContentDir, seedFrom, writeContentDir } from './files.ts';

const USAGE = `Usage:
  npm run content -- export --to DIR [--release N]
  npm run content -- import --from DIR [--publish] [--author NAME] [--note TEXT]
  npm run content -- history
  npm run content -- seed-demo [--case-studies N] [--news N] [--force]`;

const OPTIONS = {
  to: { type: 'string' },
  release: { type: 'string' },
  from: { type: 'string' },
  publish: { type: 'boolean' },
  author: { type: 'string' },
  note: { type: 'string' },
  'case-studies': { type: 'string' },
  news: { type: 'string' },
  force: { type: 'boolean' },
} as const;

/** Which options each command takes; the first is required. */
const COMMANDS: Record<string, readonly (keyof typeof OPTIONS)[]> = {
  export: ['to', 'release'],
  import: ['from', 'publish', 'author', 'note'],
  history: [],
  'seed-demo': ['case-studies', 'news', 'force'],
};

function usage(message: string): never {
  process.stderr.write(`content: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({ options: OPTIONS, allowPositionals: true, strict: true });
} catch (e) {
  usage(e instanceof Error ? e.message : String(e));
}
const { values, positionals } = parsed;
const [command, ...rest] = positionals;
const allowed = command === undefined ? undefined : COMMANDS[command];
if (!allowed || rest.length > 0)
  usage(command ? `unknown command: ${positionals.join(' ')}` : 'no command');
for (const name of Object.keys(values)) {
  if (!allowed.includes(name as keyof typeof OPTIONS)) usage(`${command} takes no --${name}`);
}
const required = command === 'seed-demo' ? undefined : allowed[0];
if (required && !values[required]) usage(`${command} needs --${required}`);
const count = (name: 'case-studies' | 'news'): number => {
  const n = Number(values[name] ?? 0);
  if (!Number.isInteger(n) || n < 0 || n > 100_000) usage(`--${name} takes a number of items`);
  return n;
};
const counts =
  command === 'seed-demo' ? { caseStudies: count('case-studies'), news: count('news') } : undefined;
if (counts && counts.caseStudies + counts.news === 0) {
  usage('seed-demo needs --case-studies N or --news N');
}
const release = values.release === undefined ? undefined : Number(values.release);
if (release !== undefined && !(Number.isInteger(release) && release > 0)) {
  usage('--release takes a release number (npm run content -- history lists them)');
}

const { parseEnvOrExit, storeEnvSchema } = await import('../env.ts');
const config = parseEnvOrExit(process.env, storeEnvSchema);

const { openStore } = await import('../enquiries/runtime.ts');
const { openContentStore } = await import('./source.ts');
const out = (text: string) => process.stdout.write(`${text}\n`);
const enquiries = openStore(config);
const { store, prepare, close } = openContentStore(config);
try {
  await enquiries.migrate();
  // As the server does at start: the bundle (`dist/server/content.js`) seeds from the build's
  // copy, `dist/content/`.
  const bundled = !import.meta.url.endsWith('.ts');
  await prepare(seedFrom(bundled ? resolve(import.meta.dirname, '../content') : undefined));
  if (command === 'export') {
    const files = writeContentDir(values.to!, await store.read(release));
    out(
      `release ${release ?? (await store.latest())}: ${files.length} files written to ${values.to}`,
    );
  } else if (counts) {
    const { seedDemo } = await import('./seed-demo.ts');
    const seeded = await seedDemo(store, counts, values.force);
    if (seeded === 'refused') {
      process.stderr.write(
        'content: this database has content someone published; seed-demo adds to it only with --force\n',
      );
      process.exitCode = 1;
    } else {
      if (!seeded.news && counts.news > 0)
        out('news.yaml is not a collection here: no newsroom items made');
      out(
        `seed-demo: ${counts.caseStudies} case studies${seeded.news ? `, ${counts.news} newsroom items` : ''} made and checked in ${seeded.seedMs} ms; ` +
          (seeded.release
            ? `release ${seeded.release.number} published in ${seeded.publishMs} ms (${seeded.release.changed.length} items changed)`
            : `nothing changed: no release published (${seeded.publishMs} ms)`),
      );
    }
  } else if (command === 'history') {
    for (const r of await store.history()) {
      const note = r.note ? `  ${r.note}` : '';
      out(
        `${r.number}  ${new Date(r.publishedAt).toISOString()}  ${r.author}  ${r.changed.length} items changed${note}`,
      );
    }
  } else {
    const read = readContentDir(values.from);
    const imported = read.content && inPlaceOf(read.content, await store.read());
    if (read.problems) {
      for (const line of read.problems) process.stderr.write(`Content error: ${line}\n`);
      process.stderr.write('content: nothing was changed\n');
      process.exitCode = 1;
    } else if (values.publish) {
      const author = values.author ?? userInfo().username;
      const release = await store.publish(imported!, { author, note: values.note ?? '' });
      if (release) {
        // In the staff audit log beside the staff pages' publishes, as the operator's (no staff
        // account: `staff audit` shows "operator"), with the name the release records.
        const { openStaffStore } = await import('../staff/runtime.ts');
        const { audit } = await import('../staff/audit.ts');
        const staffStore = openStaffStore(config);
        try {
          await audit(
            staffStore,
            Date.now(),
            null,
            'content-published',
            null,
            `release ${release.number}, ${release.changed.length} items, by ${author.slice(0, 100)} from the command line`,
          );
        } finally {
          await staffStore.close();
        }
      }
      out(
        release
          ? `published release ${release.number}: ${release.changed.length} items changed`
          : 'nothing changed: no release published',
      );
    } else {
      const changes = await store.changes(imported!);
      for (const c of changes)
        out(`${c.removed ? 'removed' : 'changed'}  ${c.collection}  ${c.key}`);
      out(
        changes.length
          ? `${changes.length} items would change; publish them with --publish`
          : 'nothing would change',
      );
    }
  }
} catch (e) {
  process.stderr.write(`content: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
} finally {
  await close();
  await enquiries.close();
}
