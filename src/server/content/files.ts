/**
 * The site's content as files (docs/decisions/002-content-checked-at-build.md,
 * docs/decisions/048-content-in-the-database.md): `src/content/`'s YAML, the seed of a fresh
 * database, and the operators' export and import. Every file is checked by its collection's
 * schema (`src/content/collections.ts`) through `checkContent` (`./check.ts`), so an editor's mistake fails
 * the build, the server's seed, an import and a publish with the same message, which names the
 * file, the item, the field and the rule.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import {
  CONTENT_FILES,
  definitionOf,
  type Content,
  type ContentFile,
  type ContentOf,
} from '../../content/collections.ts';
import { checkContent, ContentError } from './check.ts';
import { toItems } from './items.ts';

/** Absolute path of the sources' content folder. */
export const CONTENT_DIR = resolve(import.meta.dirname, '../../content');

/**
 * Parses and validates one content file.
 * @param file absolute path, or a name relative to `src/content/` (e.g. `services.yaml`); a file
 *   elsewhere (an operator's import) is named by this path in messages
 * @param source the file's text; read from disk when omitted
 * @throws ContentError as {@link checkContent}, or a YAML syntax error with its line; Error when
 *   no collection has the file
 */
export function loadContentFile<F extends ContentFile>(
  file: F | string,
  source?: string,
): ContentOf<F> {
  const name = basename(file);
  if (!definitionOf(name)) {
    throw new Error(`${file} is not a registered content file (src/content/collections.ts)`);
  }
  const path = file.includes('/') ? file : resolve(CONTENT_DIR, file);
  const shown = resolve(path) === resolve(CONTENT_DIR, name) ? `src/content/${name}` : path;
  let raw: unknown;
  try {
    raw = parse(source ?? readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ContentError(`${shown}: ${e instanceof Error ? e.message : String(e)}`);
  }
  return checkContent(name as F, raw, shown);
}

/** The outcome of reading a folder: its content, or every problem found (one line each). */
export type ReadResult =
  { content: Content; problems?: never } | { content?: never; problems: string[] };

/**
 * Reads and validates every collection's file in `dir` (default `src/content/`), all of them
 * before answering, so an operator sees every problem at once.
 * @returns the content, or one line per problem naming the file, the item and the field
 */
export function readContentDir(dir: string = CONTENT_DIR): ReadResult {
  const problems: string[] = [];
  const content: Record<string, unknown> = {};
  for (const file of CONTENT_FILES) {
    const path = resolve(dir, file);
    if (!existsSync(path)) {
      problems.push(`${path}: missing (every file of src/content/collections.ts is needed)`);
      continue;
    }
    try {
      content[file] = loadContentFile(path);
    } catch (e) {
      if (!(e instanceof ContentError)) throw e;
      problems.push(...e.message.split('\n'));
    }
  }
  if (problems.length === 0) {
    try {
      toItems(content as Content);
    } catch (e) {
      problems.push(e instanceof Error ? e.message : String(e));
    }
  }
  return problems.length > 0 ? { problems } : { content: content as Content };
}

/**
 * Writes `content` into `dir` (made if missing) as one YAML file per collection, in
 * `src/content/`'s layout; image paths stay as stored (relative to `src/content/`).
 * @returns the paths written
 */
export function writeContentDir(dir: string, content: Content): string[] {
  mkdirSync(dir, { recursive: true });
  return CONTENT_FILES.map((file) => {
    const path = join(dir, file);
    writeFileSync(path, stringify(content[file], { lineWidth: 100 }));
    return path;
  });
}

/**
 * Every file of `src/content/` checked again, for a build that failed: the bundler reports a
 * content error inside its own stack trace, this gives the editor's lines alone.
 * @returns each problem's line (empty when all content is valid)
 */
export function contentProblems(): string[] {
  const read = readContentDir();
  return read.problems ?? [];
}

/**
 * The content a fresh database is seeded with: `dir`'s files (default `src/content/`), read when
 * called.
 * @throws ContentError with one line per problem
 */
export const seedFrom = (dir?: string) => (): Content => {
  const read = readContentDir(dir);
  if (read.problems) throw new ContentError(read.problems.join('\n'));
  return read.content;
};
