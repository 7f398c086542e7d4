/**
 * Vite plugin: `import services from './services.yaml'` (docs/decisions/002-content-checked-at-build.md).
 *
 * Each registered content file is parsed and checked against its Zod schema at build time (and on
 * every edit in development), then emitted as a plain JavaScript module. Zod therefore never
 * reaches the browser: the client bundle holds only the validated data. Values of fields named
 * `image` (relative `.svg` paths, see `imagePath` in schemas.ts) become imports, so Vite
 * fingerprints the badge or avatar and the data carries its public URL.
 *
 * A content error fails `vite build` (and shows Vite's error overlay in development) with the
 * message of {@link loadContentFile}: the file, the field and the rule.
 *
 * `sections.yaml?page=<name>` is the part of the section copy one page shows: the entries whose
 * key is `<name>` or starts with `<name>-` (`?page=home`: `home-hero`, `home-about`…). Each page
 * imports its own part, so a page's script carries its own copy and not every page's; the whole
 * file is still validated.
 *
 * `<list>.yaml?fields=<a>,<b>` keeps only those fields of each entry (the home page's index of
 * services shows their titles and summaries, not the descriptions the expertise page shows), so
 * a page carries only what it shows, in its own chunk.
 */
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { CONTENT_DIR, isContentFile, loadContentFile } from './content.ts';

/** Replaces every `image: "<path>"` in `data` with an import binding; returns the import lines. */
function hoistImages(data: unknown, fromDir: string): { code: string; imports: string[] } {
  const imports: string[] = [];
  const byPath = new Map<string, string>();
  const json = JSON.stringify(data, (key, value: unknown) => {
    if (key !== 'image' || typeof value !== 'string') return value;
    const abs = resolve(fromDir, value);
    let name = byPath.get(abs);
    if (!name) {
      name = `__image${byPath.size}`;
      byPath.set(abs, name);
      imports.push(`import ${name} from ${JSON.stringify(abs)};`);
    }
    return `\u0000${name}\u0000`;
  });
  // The placeholders were JSON strings; turn them back into bare identifiers.
  const code = json.replace(/"\\u0000(__image\d+)\\u0000"/g, '$1');
  return { code, imports };
}

/**
 * The entries of a keyed content file that belong to page `page` (key `page` or `page-…`), or
 * `data` itself when no page is asked for.
 */
export function pagePart(data: unknown, page: string | null): unknown {
  if (page === null || typeof data !== 'object' || data === null || Array.isArray(data)) {
    return data;
  }
  return Object.fromEntries(
    Object.entries(data).filter(([key]) => key === page || key.startsWith(`${page}-`)),
  );
}

/** Each entry of a list with only `fields` (a comma-separated list), or `data` itself when none. */
export function fieldsPart(data: unknown, fields: string | null): unknown {
  if (fields === null || !Array.isArray(data)) return data;
  const keep = fields.split(',');
  return data.map((entry: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(entry).filter(([key]) => keep.includes(key))),
  );
}

/** The content plugin; add it before the React plugin. */
export function contentPlugin(): Plugin {
  return {
    name: 'site:content',
    enforce: 'pre',
    load(id) {
      const [file = id, query = ''] = id.split('?');
      if (!file.endsWith('.yaml') || !file.startsWith(CONTENT_DIR)) return null;
      if (!isContentFile(file)) {
        this.error(`${file} is not registered in src/content/collections.ts`);
      }
      const params = new URLSearchParams(query);
      const data = fieldsPart(
        pagePart(loadContentFile(file), params.get('page')),
        params.get('fields'),
      );
      const { code, imports } = hoistImages(data, dirname(file));
      return { code: `${imports.join('\n')}\nexport default ${code};\n`, map: null };
    },
  };
}
