/**
 * Content checked by its collections' schemas (`src/content/collections.ts`), with messages an
 * editor can act on: the file, the item, the field and the rule.
 */
import type { CollectionDefinition } from '../../content/collection.ts';
import {
  COLLECTIONS,
  schemaOf,
  type ContentFile,
  type ContentOf,
} from '../../content/collections.ts';

/** Content that does not satisfy its schema; `message` lists every problem, one a line. */
export class ContentError extends Error {
  override name = 'ContentError';
}

/**
 * Where in a file an issue is, as an editor counts: `item 2 (crisis-communications), title` for
 * the second entry of a list (named by its `id` when it has one), `home-hero.title` in a keyed
 * file, `(file)` for the whole file.
 */
export function where(raw: unknown, path: readonly PropertyKey[]): string {
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
 * Validates one collection's parsed data.
 * @param shown how the messages name the file (e.g. `src/content/services.yaml`)
 * @returns the validated data; an `ordered` list sorted by `order` (1 first)
 * @throws ContentError naming the file, the item, the field and its rule, one line each (e.g.
 *   `src/content/services.yaml: item 3 (brand-strategy), title: Service title must be at most
 *   60 characters`)
 */
export function checkContent<F extends ContentFile>(
  file: F,
  raw: unknown,
  shown: string,
): ContentOf<F> {
  const result = schemaOf(file).safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `${shown}: ${where(raw, issue.path)}: ${issue.message}`,
    );
    throw new ContentError(lines.join('\n'));
  }
  const data = result.data as ContentOf<F>;
  const definition: CollectionDefinition = COLLECTIONS[file];
  if (definition.shape === 'list' && definition.ordered) {
    return [...(data as Array<{ order: number }>)].sort(
      (a, b) => a.order - b.order,
    ) as ContentOf<F>;
  }
  return data;
}
