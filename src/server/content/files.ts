/** Content as files, each checked by its schema: docs/decisions/002-content-checked-at-build.md */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { CollectionDefinition } from '../../content/collection.ts';
import {
  CONTENT_FILES,
  definitionOf,
  schemaOf,
  type Content,
  type ContentFile,
  type ContentOf,
} from '../../content/collections.ts';
import { checkContent, ContentError, where } from './check.ts';
import { toItems } from './items.ts';
import {
  frontMatterPath,
  mapRichText,
  markdownFileOf,
  parseYaml,
  readMarkdownFile,
  richTextForFile,
  richTextFromFile,
  yamlText,
  type ParsedYaml,
} from './markdown-files.ts';

export const CONTENT_DIR = resolve(import.meta.dirname, '../../content');

type Path = ReadonlyArray<string | number>;

/** `file` absolute or under `src/content/`. @throws ContentError with its line; Error when no collection has it */
export function loadContentFile<F extends ContentFile>(
  file: F | string,
  source?: string,
): ContentOf<F> {
  const name = basename(file);
  const definition: CollectionDefinition | undefined = definitionOf(name);
  if (!definition) {
    throw new Error(`${file} is not a registered content file (src/content/collections.ts)`);
  }
  const path = file.includes('/') ? file : resolve(CONTENT_DIR, file);
  const shown = resolve(path) === resolve(CONTENT_DIR, name) ? `src/content/${name}` : path;
  const yaml = parseYaml(source ?? readFileSync(path, 'utf8'));
  if ('error' in yaml) throw new ContentError(`${shown}:${yaml.error.line}: ${yaml.error.message}`);
  const raw: unknown = yaml.doc.toJS();
  const problems: string[] = [];
  const rich = collectionRichText(definition, raw, yaml, (line, at, message) =>
    problems.push(`${shown}${line === undefined ? '' : `:${line}`}: ${where(raw, at)}: ${message}`),
  );
  if (problems.length > 0) throw new ContentError(problems.join('\n'));
  return checkContent(name as F, rich, shown);
}

function collectionRichText(
  definition: CollectionDefinition,
  raw: unknown,
  yaml: ParsedYaml,
  problem: (line: number | undefined, path: Path, message: string) => void,
): unknown {
  const item = (value: unknown, at: Path) =>
    richTextFromFile(
      definition.item,
      value,
      { lineOf: (p) => yaml.lineOf([...at, ...p]), literal: (p) => yaml.literal([...at, ...p]) },
      (line, p, message) => problem(line, [...at, ...p], message),
    );
  if (definition.shape === 'one') return item(raw, []);
  if (definition.shape === 'list') {
    return Array.isArray(raw) ? raw.map((v, i) => item(v, [i])) : raw;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, item(v, [k])]));
}

export type ReadResult =
  { content: Content; problems?: never } | { content?: never; problems: string[] };

/** Every problem at once; a `markdown` collection is its folder, else its YAML file (both: a problem). */
export function readContentDir(dir: string = CONTENT_DIR): ReadResult {
  const problems: string[] = [];
  const content: Record<string, unknown> = {};
  for (const file of CONTENT_FILES) {
    const path = resolve(dir, file);
    const definition: CollectionDefinition = definitionOf(file)!;
    const folder = definition.markdown && resolve(dir, definition.markdown.dir);
    try {
      if (folder && existsSync(folder)) {
        if (existsSync(path)) {
          problems.push(
            `${path}: remove it or ${folder}/: a collection is one YAML file or a folder of Markdown files, not both`,
          );
        } else content[file] = readMarkdownDir(file, folder);
      } else if (!existsSync(path)) {
        problems.push(`${path}: missing (every file of src/content/collections.ts is needed)`);
      } else content[file] = loadContentFile(path);
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

/** No `id`: its slug (`-2`… when taken); no `order`: after the others. @throws ContentError `file:line: …` */
function readMarkdownDir(file: ContentFile, folder: string): unknown {
  const definition: CollectionDefinition = definitionOf(file)!;
  const markdown = definition.markdown!;
  const names = readdirSync(folder)
    .filter((n) => n.endsWith('.md'))
    .sort();
  const problems: string[] = [];
  const read = names.map((name) => {
    const path = join(folder, name);
    const one = readMarkdownFile(definition, readFileSync(path, 'utf8'), path, name);
    problems.push(...(one.problems ?? []));
    return { path, ...one };
  });
  if (problems.length > 0) throw new ContentError(problems.join('\n'));
  const { sort } = markdown;
  if (sort) {
    const key = (r: (typeof read)[number]) => {
      const value = r.value?.[sort.field];
      return typeof value === 'string' ? value : '';
    };
    read.sort((a, b) => key(a).localeCompare(key(b)) * (sort.descending ? -1 : 1));
  }
  const items = read.map((r) => r.value!);
  const ids = new Set(items.map((v) => v['id']));
  let last = Math.max(0, ...items.map((v) => (typeof v['order'] === 'number' ? v['order'] : 0)));
  for (const item of items) {
    if (item['id'] === undefined) {
      const slug = item['slug'];
      const base = typeof slug === 'string' && slug ? slug : 'item';
      let id = base;
      for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
      ids.add(id);
      item['id'] = id;
    }
    if ('order' in definition.item.shape && item['order'] === undefined) item['order'] = ++last;
  }
  const result = schemaOf(file).safeParse(items);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [index, ...path] = issue.path as Array<string | number>;
      const at = typeof index === 'number' ? read[index] : undefined;
      if (!at) {
        problems.push(`${folder}/: ${issue.message}`);
        continue;
      }
      const inFile = frontMatterPath(markdown, path);
      const line = path[0] === markdown.body ? undefined : at.yaml!.lineOf(inFile);
      const field = inFile.join('.') || '(file)';
      problems.push(
        `${at.path}${line === undefined ? '' : `:${line}`}: ${field}: ${issue.message}`,
      );
    }
    throw new ContentError(problems.join('\n'));
  }
  return checkContent(file, items, `${folder}/`);
}

/** Rich text as CommonMark; `markdown` collections as `<slug>.md`, other `.md` removed. @returns the paths */
export function writeContentDir(dir: string, content: Content): string[] {
  mkdirSync(dir, { recursive: true });
  return CONTENT_FILES.flatMap((file) => {
    const definition: CollectionDefinition = definitionOf(file)!;
    const data: unknown = content[file];
    if (definition.markdown) {
      const folder = join(dir, definition.markdown.dir);
      mkdirSync(folder, { recursive: true });
      rmSync(join(dir, file), { force: true });
      const items = data as Array<{ slug: string }>;
      const names = new Set(items.map((item) => `${item.slug}.md`));
      for (const stale of readdirSync(folder)) {
        if (stale.endsWith('.md') && !names.has(stale)) rmSync(join(folder, stale));
      }
      return items.map((item) => {
        const path = join(folder, `${item.slug}.md`);
        writeFileSync(path, markdownFileOf(definition, item));
        return path;
      });
    }
    const each = (v: unknown) => mapRichText(definition.item, v, richTextForFile);
    const written =
      definition.shape === 'one'
        ? each(data)
        : definition.shape === 'list'
          ? (data as unknown[]).map(each)
          : Object.fromEntries(Object.entries(data as object).map(([k, v]) => [k, each(v)]));
    const path = join(dir, file);
    writeFileSync(path, yamlText(written));
    return [path];
  });
}

/** Markdown lists without `order` in `current`'s order, new items after: an import of an export changes nothing. */
export function inPlaceOf(read: Content, current: Content): Content {
  const placed: Record<string, unknown> = { ...read };
  for (const file of CONTENT_FILES) {
    const definition: CollectionDefinition = definitionOf(file)!;
    if (!definition.markdown || 'order' in definition.item.shape) continue;
    const before = new Map(
      (current[file] as Array<{ id: string }>).map((item, i) => [item.id, i] as const),
    );
    const place = (item: { id: string }) => before.get(item.id) ?? Number.MAX_SAFE_INTEGER;
    placed[file] = [...(read[file] as Array<{ id: string }>)].sort((a, b) => place(a) - place(b));
  }
  return placed as Content;
}

/** For a failed build: the editor's lines without the bundler's stack trace; empty when all is valid. */
export function contentProblems(): string[] {
  const read = readContentDir();
  return read.problems ?? [];
}

/** `dir`'s files (default `src/content/`), read when called. @throws ContentError one line per problem */
export const seedFrom = (dir?: string) => (): Content => {
  const read = readContentDir(dir);
  if (read.problems) throw new ContentError(read.problems.join('\n'));
  return read.content;
};
