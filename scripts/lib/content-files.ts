/**
 * The site's content as a folder of YAML files in `src/content/`'s layout, for the content
 * store (docs/decisions/048-content-in-the-database.md): the seed of a fresh database, and the
 * operators' export and import. Every file goes through `loadContentFile` (`content.ts`), so an
 * import is checked by the same schemas, with the same messages, as the build.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { CONTENT_FILES, toItems, type Content } from '../../src/server/content/items.ts';
import { CONTENT_DIR, ContentError, loadContentFile } from './content.ts';

/** The outcome of reading a folder: its content, or every problem found (one line each). */
export type ReadResult =
  { content: Content; problems?: never } | { content?: never; problems: string[] };

/**
 * Reads and validates every registered file of `dir` (default `src/content/`), all of them before
 * answering, so an operator sees every problem at once.
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
 * `src/content/`'s layout; `image` paths stay as stored (relative to `src/content/`).
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
