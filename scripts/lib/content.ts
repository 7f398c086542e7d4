/**
 * Loads content files for the build: the Vite plugin (`content-plugin.ts`), the artwork script
 * and the unit tests all go through {@link loadContentFile}, so an editor's mistake fails each of
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

/** True when `file` (a path or a bare name) is a registered content file. */
export function isContentFile(file: string): boolean {
  return Object.hasOwn(COLLECTIONS, basename(file));
}

/**
 * Parses and validates one content file.
 *
 * @param file absolute path, or a name relative to `src/content/` (e.g. `services.yaml`)
 * @param source the file's text; read from disk when omitted
 * @returns the validated data; lists sorted by `order` (1 first)
 * @throws ContentError naming the file, each failing field path and its rule (e.g.
 *   `src/content/services.yaml: [2].title: Service title must be at most 60 characters`), or a
 *   YAML syntax error with its line; Error when the file is not registered in COLLECTIONS
 */
export function loadContentFile<F extends ContentFile>(file: F | string, source?: string) {
  const name = basename(file) as F;
  const entry = COLLECTIONS[name] as (typeof COLLECTIONS)[F] | undefined;
  if (!entry)
    throw new Error(`${file} is not a registered content file (src/content/collections.ts)`);
  const path = file.includes('/') ? file : resolve(CONTENT_DIR, file);
  const shown = `src/content/${name}`;
  let raw: unknown;
  try {
    raw = parse(source ?? readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ContentError(`${shown}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const result = entry.schema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const where = issue.path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
        .join('')
        .replace(/^\./, '');
      return `${shown}: ${where || '(file)'}: ${issue.message}`;
    });
    throw new ContentError(lines.join('\n'));
  }
  const data = result.data as ContentOf<F>;
  if (entry.kind === 'ordered' && Array.isArray(data)) {
    return [...(data as { order: number }[])].sort((a, b) => a.order - b.order) as ContentOf<F>;
  }
  return data;
}
