/** Zod type of `src/lib/rich-text.ts`'s JSON (docs/decisions/052-rich-text-for-longer-texts.md); strings become paragraphs. */
import { z } from 'zod';
export { formatFieldName } from '../lib/rich-text.ts';
import {
  fromPlainText,
  linkProblem,
  RICH_TEXT_LIMITS,
  toRichText,
  type RichTextDoc,
  type RichTextInput,
} from '../lib/rich-text.ts';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

const allowed = (kind: string, names: readonly string[]) => ({
  error: (issue: { input?: unknown; code?: string }) => {
    const type =
      typeof issue.input === 'object' && issue.input !== null && 'type' in issue.input
        ? String(issue.input.type)
        : undefined;
    return type !== undefined && !names.includes(type)
      ? `${kind} "${type}" is not allowed here (allowed: ${names.join(', ')})`
      : `Not a ${kind.toLowerCase()} of rich text (allowed: ${names.join(', ')})`;
  },
});

const mark = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('bold') }),
    z.strictObject({ type: z.literal('italic') }),
    z.strictObject({
      type: z.literal('link'),
      attrs: z.strictObject({
        href: z.string().superRefine((href, ctx) => {
          const problem = linkProblem(href);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      }),
    }),
  ],
  allowed('Mark', ['bold', 'italic', 'link']),
);

const text = z.strictObject({
  type: z.literal('text'),
  text: z
    .string()
    .min(1, 'A text node must not be empty')
    .refine((t) => !CONTROL.test(t), 'Text must not contain control characters'),
  marks: z
    .array(mark)
    .max(3, 'A text has at most three marks')
    .refine((m) => new Set(m.map((x) => x.type)).size === m.length, 'A mark is given twice')
    .optional(),
});

const paragraph = z.strictObject({
  type: z.literal('paragraph'),
  content: z
    .array(z.discriminatedUnion('type', [text], allowed('Inline node', ['text'])))
    .max(500, 'A paragraph has at most 500 pieces of text')
    .optional(),
});

const listItem = z.strictObject({
  type: z.literal('listItem'),
  content: z
    .array(z.discriminatedUnion('type', [paragraph], allowed('Node', ['paragraph'])))
    .min(1, 'A list item needs a paragraph')
    .max(20, 'A list item has at most 20 paragraphs'),
});

const items = z
  .array(z.discriminatedUnion('type', [listItem], allowed('Node', ['listItem'])))
  .min(1, 'A list needs at least one item')
  .max(RICH_TEXT_LIMITS.listItems, `A list has at most ${RICH_TEXT_LIMITS.listItems} items`);

const list = [
  paragraph,
  z.strictObject({ type: z.literal('bulletList'), content: items }),
  z.strictObject({
    type: z.literal('orderedList'),
    attrs: z
      .strictObject({
        start: z.number().int().min(1, 'A numbered list starts at 1 or more').max(9999),
      })
      .optional(),
    content: items,
  }),
] as const;

const heading = z.strictObject({
  type: z.literal('heading'),
  attrs: z.strictObject({
    level: z.union([z.literal(2), z.literal(3)], 'A heading is of level 2 or 3'),
  }),
  content: paragraph.shape.content,
});

const blockquote = z.strictObject({
  type: z.literal('blockquote'),
  content: z
    .array(z.discriminatedUnion('type', [paragraph], allowed('Node', ['paragraph'])))
    .min(1, 'A block quote needs a paragraph')
    .max(20, 'A block quote has at most 20 paragraphs'),
});

/** An article's body: what every rich text has, and headings and block quotes. */
const articleBlock = z.discriminatedUnion(
  'type',
  [...list, heading, blockquote],
  allowed('Block', ['paragraph', 'bulletList', 'orderedList', 'heading', 'blockquote']),
);

const block = z.discriminatedUnion(
  'type',
  [...list],
  allowed('Block', ['paragraph', 'bulletList', 'orderedList']),
);

const docOf = (blocks: typeof block | typeof articleBlock) =>
  z.strictObject(
    {
      type: z.literal('doc', 'Rich text is a "doc"'),
      content: z
        .array(blocks)
        .max(RICH_TEXT_LIMITS.blocks, `Rich text has at most ${RICH_TEXT_LIMITS.blocks} blocks`),
    },
    {
      error: (issue) =>
        issue.code === 'invalid_type'
          ? 'Expected text, a list of paragraphs, or rich-text JSON ({"type": "doc", …})'
          : undefined,
    },
  );
const doc = docOf(block);
const articleDoc = docOf(articleBlock);

function charsOf(value: RichTextDoc): number {
  let n = 0;
  const walk = (nodes: ReadonlyArray<{ text?: string; content?: unknown }>): void => {
    for (const node of nodes) {
      n += node.text?.length ?? 0;
      if (Array.isArray(node.content)) walk(node.content as typeof nodes);
    }
  };
  walk(value.content);
  return n;
}

const isPlain = (v: unknown): v is string | string[] =>
  typeof v === 'string' || (Array.isArray(v) && v.every((s) => typeof s === 'string'));

/** The metadata key that marks a schema as rich text ({@link isRichTextSchema}). */
const META_KEY = 'richText';
/** And as an article's body ({@link isArticleSchema}). */
const ARTICLE_KEY = 'article';

/**
 * `max` characters (≤ {@link RICH_TEXT_LIMITS}.chars); takes JSON or strings, gives JSON,
 * `.meta({ richText: true })`. `article`: an item page's body, which may also hold headings
 * (`h2`, `h3`) and block quotes.
 */
export function richText(
  what: string,
  max: number = RICH_TEXT_LIMITS.chars,
  { article = false }: { article?: boolean } = {},
) {
  const limit = Math.min(max, RICH_TEXT_LIMITS.chars);
  return z
    .preprocess(
      (v) => (isPlain(v) ? toRichText(v) : v),
      (article ? articleDoc : doc).superRefine((value, ctx) => {
        const chars = charsOf(value as RichTextDoc);
        if (chars === 0) ctx.addIssue({ code: 'custom', message: `${what} must not be empty` });
        if (chars > limit) {
          ctx.addIssue({
            code: 'custom',
            message: `${what} must be at most ${limit} characters (it has ${chars})`,
          });
        }
      }),
    )
    .meta({
      [META_KEY]: true,
      [ARTICLE_KEY]: article,
      description: `${what} (rich text: paragraphs, lists, ${article ? 'headings, block quotes, ' : ''}bold, italic, links)`,
    }) as unknown as z.ZodType<RichTextDoc, RichTextInput>;
}

/** The rich-text metadata of `schema`, through `.optional()`, `.nullable()`, `.default()`. */
function richTextMeta(schema: z.ZodType): Record<string, unknown> | undefined {
  let s: z.core.$ZodType | undefined = schema;
  for (let depth = 0; s && depth < 5; depth++) {
    const meta = z.globalRegistry.get(s);
    if (meta?.[META_KEY] === true) return meta;
    const def = s._zod.def as { innerType?: z.core.$ZodType };
    s = def.innerType;
  }
  return undefined;
}

/** The form draws the rich-text editor. */
export const isRichTextSchema = (schema: z.ZodType): boolean => richTextMeta(schema) !== undefined;

/** Rich text that may hold headings and block quotes. */
export const isArticleSchema = (schema: z.ZodType): boolean =>
  richTextMeta(schema)?.[ARTICLE_KEY] === true;

/** JSON (the editor) or, unless `format` is `json`, plain text (no JavaScript). @returns `{ value }` or `{ errors }` */
export function parseRichTextField(
  formValue: string,
  format: string | null | undefined,
  schema: z.ZodType<RichTextDoc, RichTextInput> = richText('The text'),
): { value: RichTextDoc; errors?: never } | { value?: never; errors: string[] } {
  let input: unknown;
  if (format === 'json') {
    try {
      input = JSON.parse(formValue);
    } catch {
      return { errors: ['The editor sent text that is not JSON; nothing was changed'] };
    }
  } else {
    input = fromPlainText(formValue);
  }
  const result = schema.safeParse(input);
  return result.success
    ? { value: result.data }
    : { errors: result.error.issues.map((i) => i.message) };
}
