/**
 * Content files people review in a pull request (`./files.ts`): rich-text fields as CommonMark
 * (`./markdown.ts`) instead of the stored JSON, and a collection whose definition has `markdown`
 * (`src/content/collection.ts`) as one file per item, `<dir>/<slug>.md`: YAML front matter
 * (https://yaml.org/spec/1.2.2/) for the fields — grouped as the definition's `groups` say, a
 * field left out when it holds its default — and the `body` field as the Markdown after it.
 * Every refusal names the file's line and the rule.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  isScalar,
  LineCounter,
  parseDocument,
  stringify,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import type { z } from 'zod';
import type { CollectionDefinition, MarkdownFiles } from '../../content/collection.ts';
import { isRichTextSchema } from '../../content/rich-text.ts';
import type { RichTextDoc } from '../../lib/rich-text.ts';
import { fromMarkdown, toMarkdown } from './markdown.ts';

type Path = ReadonlyArray<string | number>;

/** YAML as `stringify` writes every content file. */
export const yamlText = (value: unknown): string => stringify(value, { lineWidth: 100 });

/**
 * `value` with every rich-text field (as `schema` says: through objects, lists, `.optional()`
 * and `.default()`) replaced by `fn` of it and its path.
 */
export function mapRichText(
  schema: z.core.$ZodType,
  value: unknown,
  fn: (value: unknown, path: Path) => unknown,
  path: Path = [],
): unknown {
  if (value === undefined || value === null) return value;
  if (isRichTextSchema(schema as z.ZodType)) return fn(value, path);
  const def = schema._zod.def as {
    type: string;
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
    shape?: Record<string, z.core.$ZodType>;
    element?: z.core.$ZodType;
  };
  const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  if (inner) return mapRichText(inner, value, fn, path);
  if (def.type === 'object' && def.shape && typeof value === 'object' && !Array.isArray(value)) {
    const shape = def.shape;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        shape[k] ? mapRichText(shape[k], v, fn, [...path, k]) : v,
      ]),
    );
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    const element = def.element;
    return value.map((v, i) => mapRichText(element, v, fn, [...path, i]));
  }
  return value;
}

/**
 * A rich-text value as a file holds it: one string of CommonMark when it is one block, else a
 * list of strings, one block each (the paragraphs of `src/content/`'s files).
 */
export function richTextForFile(value: unknown): string | string[] {
  const blocks = (value as RichTextDoc).content
    .map((block) => toMarkdown({ type: 'doc', content: [block] }))
    .filter(Boolean);
  return blocks.length === 1 ? blocks[0]! : blocks;
}

/** A YAML document parsed with its lines, or its first syntax error. */
export interface ParsedYaml {
  doc: Document;
  /** The 1-based line of the node at `path` (the first line of a block scalar's text). */
  lineOf(path: Path): number | undefined;
  /** Whether the node at `path` is a literal block (`|`): its lines are the text's lines. */
  literal(path: Path): boolean;
}

/**
 * Parses YAML keeping where each value is.
 * @param firstLine the file's line the text starts at (2 in front matter)
 * @returns the document, or the syntax error's line and message
 */
export function parseYaml(
  text: string,
  firstLine = 1,
): ParsedYaml | { error: { line: number; message: string } } {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  const error = doc.errors[0];
  if (error) {
    const line = counter.linePos(error.pos[0]).line + firstLine - 1;
    return { error: { line, message: error.message.split('\n')[0]! } };
  }
  const node = (path: Path) => doc.getIn(path, true) as YamlNode | undefined;
  const block = (path: Path) => {
    const n = node(path);
    return isScalar(n) && (n.type === 'BLOCK_LITERAL' || n.type === 'BLOCK_FOLDED');
  };
  return {
    doc,
    lineOf(path) {
      const start = node(path)?.range?.[0];
      if (start === undefined) return undefined;
      return counter.linePos(start).line + firstLine - 1 + (block(path) ? 1 : 0);
    },
    literal: (path) => {
      const n = node(path);
      return isScalar(n) && n.type === 'BLOCK_LITERAL';
    },
  };
}

/**
 * Rich-text fields written as Markdown (a string, or a list of strings one block each) made the
 * JSON the schema checks; JSON (an older export's) is left as it is.
 * @param lineOf where the field at a path is in its file
 * @param problem called with the file's line and the rule of each construct refused
 */
export function richTextFromFile(
  schema: z.core.$ZodType,
  value: unknown,
  yaml: Pick<ParsedYaml, 'lineOf' | 'literal'>,
  problem: (line: number | undefined, path: Path, message: string) => void,
  toFilePath: (path: Path) => Path = (p) => p,
): unknown {
  return mapRichText(schema, value, (v, path) => {
    const parts = typeof v === 'string' ? [v] : Array.isArray(v) ? v : undefined;
    if (!parts || !parts.every((p) => typeof p === 'string')) return v;
    const content: RichTextDoc['content'] = [];
    parts.forEach((part, i) => {
      const at = typeof v === 'string' ? toFilePath(path) : [...toFilePath(path), i];
      const line = yaml.lineOf(at);
      const read = fromMarkdown(part);
      if (read.doc) content.push(...read.doc.content);
      for (const p of read.problems ?? []) {
        problem(yaml.literal(at) && line !== undefined ? line + p.line - 1 : line, path, p.message);
      }
    });
    return { type: 'doc', content };
  });
}

/** The field `definition.markdown.groups` puts under front-matter name `name.sub`. */
const grouping = (markdown: MarkdownFiles) => {
  const byField = new Map<string, [string, string]>();
  for (const [group, members] of Object.entries(markdown.groups ?? {})) {
    for (const [sub, field] of Object.entries(members)) byField.set(field, [group, sub]);
  }
  return byField;
};

/** Where a stored field's path is in front matter (`approvedBy` → `approval.by`). */
export function frontMatterPath(markdown: MarkdownFiles, path: Path): Path {
  const [field, ...rest] = path;
  const group = typeof field === 'string' ? grouping(markdown).get(field) : undefined;
  return group ? [...group, ...rest] : path;
}

/**
 * One item as its Markdown file: front matter in the schema's field order, then the body.
 * @param item the item as a release holds it (checked by its schema)
 */
export function markdownFileOf(definition: CollectionDefinition, item: object): string {
  const markdown = definition.markdown!;
  const groups = grouping(markdown);
  const shape = definition.item.shape as Record<string, z.ZodType>;
  const values = item as Record<string, unknown>;
  const front: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(shape)) {
    const value = values[field];
    if (field === markdown.body || value === undefined) continue;
    const unset = schema.safeParse(undefined);
    if (unset.success && unset.data !== undefined && isDeepStrictEqual(unset.data, value)) continue;
    const written = mapRichText(schema, value, richTextForFile);
    const group = groups.get(field);
    if (group) ((front[group[0]] ??= {}) as Record<string, unknown>)[group[1]] = written;
    else front[field] = written;
  }
  const body = values[markdown.body];
  const text = body === undefined ? '' : toMarkdown(body as RichTextDoc);
  return `---\n${yamlText(front)}---\n${text ? `\n${text}\n` : ''}`;
}

/** One Markdown file read: its item's fields (not yet checked by the schema), or its problems. */
export type MarkdownRead =
  | { value: Record<string, unknown>; yaml: ParsedYaml; problems?: never }
  | { value?: never; yaml?: never; problems: string[] };

/**
 * Reads one item's Markdown file.
 * @param shown how messages name the file
 * @param name the file's name: `<slug>.md`, or the slug is refused
 * @returns the fields as the schema takes them (rich text as JSON), or one line per problem:
 *   `file:line: field: rule`
 */
export function readMarkdownFile(
  definition: CollectionDefinition,
  source: string,
  shown: string,
  name: string,
): MarkdownRead {
  const markdown = definition.markdown!;
  const problems: string[] = [];
  const say = (line: number | undefined, field: string, message: string) =>
    problems.push(`${shown}${line === undefined ? '' : `:${line}`}: ${field}${message}`);
  const text = source.replace(/\r\n?/g, '\n');
  const match = /^---\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/.exec(text);
  if (!match) {
    say(1, '', 'the file starts with its fields between two lines of three hyphens (---)');
    return { problems };
  }
  const yaml = parseYaml(match[1] ?? '', 2);
  if ('error' in yaml) {
    say(yaml.error.line, '', yaml.error.message);
    return { problems };
  }
  const front: unknown = yaml.doc.toJS() ?? {};
  if (typeof front !== 'object' || Array.isArray(front) || front === null) {
    say(2, '', 'the front matter is a list of fields, one `name: value` a line');
    return { problems };
  }
  const value: Record<string, unknown> = {};
  const groups = grouping(markdown);
  for (const [key, v] of Object.entries(front as Record<string, unknown>)) {
    const members = markdown.groups?.[key];
    const line = yaml.lineOf([key]);
    if (key === markdown.body) {
      say(line, `${key}: `, 'the body is the text after the front matter, not a field');
    } else if (groups.has(key)) {
      say(line, `${key}: `, `written as ${groups.get(key)!.join('.')} in a file`);
    } else if (!members) {
      value[key] = v;
    } else if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      say(line, `${key}: `, `holds ${Object.keys(members).join(' and ')}, one a line`);
    } else {
      for (const [sub, x] of Object.entries(v as Record<string, unknown>)) {
        if (members[sub]) value[members[sub]] = x;
        else
          say(
            yaml.lineOf([key, sub]),
            `${key}.${sub}: `,
            `not a field (${Object.keys(members).join(', ')})`,
          );
      }
    }
  }
  const withRich = richTextFromFile(
    definition.item,
    value,
    yaml,
    (line, path, message) => say(line, `${frontMatterPath(markdown, path).join('.')}: `, message),
    (path) => frontMatterPath(markdown, path),
  ) as Record<string, unknown>;
  const body = text.slice(match[0].length);
  if (body.trim()) {
    const offset = match[0].split('\n').length - 1;
    const read = fromMarkdown(body, offset);
    for (const p of read.problems ?? []) say(p.line, 'body: ', p.message);
    if (read.doc) withRich[markdown.body] = read.doc;
  }
  const slug = withRich['slug'];
  if (
    typeof slug === 'string' &&
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) &&
    `${slug}.md` !== name
  ) {
    say(
      yaml.lineOf(['slug']),
      'slug: ',
      `the file is named after the slug: rename it to ${slug}.md, or change the slug`,
    );
  }
  return problems.length > 0 ? { problems } : { value: withRich, yaml };
}
