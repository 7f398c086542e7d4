/**
 * Loads content files: the build, the server's seed, the operators' import
 * (`content-files.ts`), the artwork script and the unit tests all go through {@link loadContentFile}, so an editor's mistake fails each of
 * them with the same message, which names the file, the field and the rule. See
 * docs/decisions/002-content-checked-at-build.md.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parse } from 'yaml';
import { COLLECTIONS, type ContentFile, type ContentOf } from '../../src/content/collections.ts';

/** Absolute path of the content folder. */
export const CONTENT_DIR = resolve(import.meta.dirname, '../../src/content');

/** A content file that does not satisfy its schema; `message` lists every problem. */
export class ContentError extends Error {
  override name = 'ContentError';
}

/**
 * Where in a file an issue is, as an editor counts: `item 2 (crisis-communications), title` for
 * the second entry of a list (named by its `id` when it has one), `home-hero.title` in a keyed
 * file, `(file)` for the whole file.
 */
function where(raw: unknown, path: readonly PropertyKey[]): string {
  const field = (rest: readonly PropertyKey[]) =>
    rest
      .map((p) => (typeof p === 'number' ? `[${p + 1}]` : `.${String(p)}`))
      .join('')
      .replace(/^\./, '');
  const [first, ...rest] = path;
  if (typeof first !== 'number') return field(path) || '(file)';
  const entry: unknown = Array.isArray(raw) ? raw[first] : undefined;
  const id =
    typeof entry === 'object' && entry !== null && 'id' in entry && typeof entry.id === 'string'
      ? ` (${entry.id})`
      : '';
  return `item ${first + 1}${id}${rest.length ? `, ${field(rest)}` : ''}`;
}

/**
 * Parses and validates one content file.
 *
 * @param file absolute path, or a name relative to `src/content/` (e.g. `services.yaml`); a file
 *   elsewhere (an operator's import, `scripts/lib/content-files.ts`) is named by this path
 * @param source the file's text; read from disk when omitted
 * @returns the validated data; lists sorted by `order` (1 first)
 * @throws ContentError naming the file, the item, the field and its rule, one line each (e.g.
 *   `src/content/services.yaml: item 3 (brand-strategy), title: Service title must be at most
 *   60 characters`), or a YAML syntax error with its line; Error when the file is not
 *   registered in COLLECTIONS
 */
export function loadContentFile<F extends ContentFile>(file: F | string, source?: string) {
  const name = basename(file) as F;
  const entry = COLLECTIONS[name] as (typeof COLLECTIONS)[F] | undefined;
  if (!entry)
    throw new Error(`${file} is not a registered content file (src/content/collections.ts)`);
  const path = file.includes('/') ? file : resolve(CONTENT_DIR, file);
  const shown = resolve(path) === resolve(CONTENT_DIR, name) ? `src/content/${name}` : path;
  let raw: unknown;
  try {
    raw = parse(source ?? readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ContentError(`${shown}: ${e instanceof Error ? e.message : String(e)}`);
  }
  return checkContent(name, raw, shown);
}

/**
 * Validates one collection's parsed data as {@link loadContentFile} does, with its messages.
 * @param shown how the messages name the file (e.g. `src/content/services.yaml`)
 * @returns the validated data; lists sorted by `order` (1 first)
 * @throws ContentError naming the file, the item, the field and its rule, one line each
 */
export function checkContent<F extends ContentFile>(file: F, raw: unknown, shown: string) {
  const entry = COLLECTIONS[file];
  const result = entry.schema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `${shown}: ${where(raw, issue.path)}: ${issue.message}`,
    );
    throw new ContentError(lines.join('\n'));
  }
  const data = result.data as ContentOf<F>;
  if (entry.kind === 'ordered' && Array.isArray(data)) {
    return [...(data as { order: number }[])].sort((a, b) => a.order - b.order) as ContentOf<F>;
  }
  return data;
}

/**
 * Every registered content file checked again, for a build that failed: the bundler reports a
 * content error inside its own stack trace, this gives the editor's lines alone.
 * @returns each problem's line (empty when all content is valid)
 */
export function contentProblems(): string[] {
  const lines: string[] = [];
  for (const file of Object.keys(COLLECTIONS)) {
    try {
      loadContentFile(file);
    } catch (e) {
      if (!(e instanceof ContentError)) throw e;
      lines.push(...e.message.split('\n'));
    }
  }
  return lines;
}
