/**
 * Rich text as data, without Zod (public pages import this; the schema is
 * `src/content/rich-text.ts`; docs/decisions/052-rich-text-for-longer-texts.md). A value is
 * Tiptap/ProseMirror JSON limited to: a `doc` of paragraphs and bullet or ordered lists, each list
 * item one or more paragraphs, text marked bold, italic or as a link. Nothing else is ever stored,
 * so the renderer (`src/components/ui/rich-text.tsx`) and the editor
 * (`src/staff/components/rich-text-editor.tsx`) know every shape in advance.
 */

export type RichTextMark =
  { type: 'bold' } | { type: 'italic' } | { type: 'link'; attrs: { href: string } };

export interface RichTextText {
  type: 'text';
  text: string;
  marks?: RichTextMark[];
}

export interface RichTextParagraph {
  type: 'paragraph';
  content?: RichTextText[];
}

export interface RichTextListItem {
  type: 'listItem';
  content: RichTextParagraph[];
}

export interface RichTextBulletList {
  type: 'bulletList';
  content: RichTextListItem[];
}

export interface RichTextOrderedList {
  type: 'orderedList';
  /** `start`: the first item's number (1 when absent). */
  attrs?: { start: number };
  content: RichTextListItem[];
}

export type RichTextBlock = RichTextParagraph | RichTextBulletList | RichTextOrderedList;

export interface RichTextDoc {
  type: 'doc';
  content: RichTextBlock[];
}

/** What a rich-text field may hold: the JSON, or the plain form it replaced (a string, paragraphs). */
export type RichTextInput = RichTextDoc | string | readonly string[];

/** Hard ceilings of any rich-text field: characters of text, blocks, items of one list. */
export const RICH_TEXT_LIMITS = { chars: 10_000, blocks: 200, listItems: 100, href: 2_048 };

const paragraph = (text: string): RichTextParagraph =>
  text ? { type: 'paragraph', content: [{ type: 'text', text }] } : { type: 'paragraph' };

/**
 * The JSON of a value in any accepted form: a string is one paragraph, an array of strings one
 * paragraph each, JSON is returned as it is (not checked: that is the schema's work).
 */
export function toRichText(value: RichTextInput): RichTextDoc {
  if (typeof value === 'string') return { type: 'doc', content: [paragraph(value)] };
  if (Array.isArray(value)) {
    return { type: 'doc', content: (value as readonly string[]).map(paragraph) };
  }
  return value as RichTextDoc;
}

/** C0 and C1 control characters, DEL and every white space, as a browser's URL parser skips them. */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/g;

/**
 * Why a link address is refused, or undefined when it is allowed: `https:`, `http:` (with a
 * host), `mailto:`, `tel:`, or relative to this site (`/path`, `#anchor`; never `//host`).
 * `javascript:`, `data:` and `vbscript:` are named in the message even when hidden by case,
 * surrounding spaces or control characters.
 */
export function linkProblem(href: string): string | undefined {
  const bare = href.replace(INVISIBLE, '').toLowerCase();
  const scheme = /^(javascript|data|vbscript):/.exec(bare)?.[1];
  if (scheme) return `Links to ${scheme}: addresses are refused: they can run code in the page`;
  if (href.length === 0) return 'A link needs an address';
  if (href.length > RICH_TEXT_LIMITS.href) {
    return `A link address must be at most ${RICH_TEXT_LIMITS.href} characters`;
  }
  if (bare !== href.toLowerCase()) {
    return 'A link address must not contain spaces or control characters';
  }
  if (/^https?:\/\//.test(bare)) {
    return URL.canParse(href) && new URL(href).hostname
      ? undefined
      : 'A web link must be a full address such as https://example.com/page';
  }
  if (/^(mailto|tel):./.test(bare)) return undefined;
  if ((bare.startsWith('/') && !/^\/[/\\]/.test(bare)) || bare.startsWith('#')) return undefined;
  return 'A link must start with https://, http://, mailto:, tel:, / (a page of this site) or #';
}

/** Whether a link leaves this site (gets `rel="noopener noreferrer"`): any absolute address. */
export const isExternalLink = (href: string): boolean => !/^[/#]/.test(href);

// Defensive about shape: refused JSON sent back to the form reaches here unchecked.
const list = <T>(v: T[] | undefined): T[] => (Array.isArray(v) ? v : []);
const textOf = (p: RichTextParagraph): string =>
  list(p?.content)
    .map((t) => (typeof t?.text === 'string' ? t.text : ''))
    .join('');

/**
 * The value as the plain text a `<textarea>` shows without JavaScript: paragraphs separated by a
 * blank line, list items as `- ` (bullets) or `1. ` (numbered) lines; marks and link addresses
 * are dropped; an unknown block (JSON that was refused) shows its text as a paragraph.
 * {@link fromPlainText} reads it back.
 */
export function toPlainText(value: RichTextInput): string {
  return list(toRichText(value).content)
    .map((block) => {
      if (block?.type !== 'bulletList' && block?.type !== 'orderedList') {
        return textOf(block);
      }
      const start = block.type === 'orderedList' ? (block.attrs?.start ?? 1) : 0;
      return list(block.content)
        .map((item, i) => {
          const bullet = block.type === 'orderedList' ? `${start + i}. ` : '- ';
          return bullet + list(item?.content).map(textOf).join(' ');
        })
        .join('\n');
    })
    .join('\n\n');
}

/**
 * Plain text (a `<textarea>`'s value) as JSON: blocks are separated by blank lines; a block whose
 * every line starts with `- ` or `* ` is a bullet list, with `1. ` (any number, then `.` or `)`)
 * an ordered list starting at its first number; any other block is a paragraph whose line breaks
 * become spaces. `\r\n` counts as `\n`; spaces around lines are trimmed.
 */
export function fromPlainText(text: string): RichTextDoc {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((b) =>
      b
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0);
  const content = blocks.map((lines): RichTextBlock => {
    const item = (t: string): RichTextListItem => ({ type: 'listItem', content: [paragraph(t)] });
    if (lines.every((l) => /^[-*]\s+\S/.test(l))) {
      return { type: 'bulletList', content: lines.map((l) => item(l.replace(/^[-*]\s+/, ''))) };
    }
    const numbered = lines.map((l) => /^(\d{1,4})[.)]\s+(\S.*)$/.exec(l));
    if (numbered.every(Boolean)) {
      const start = Number(numbered[0]![1]);
      return {
        type: 'orderedList',
        ...(start === 1 ? {} : { attrs: { start } }),
        content: numbered.map((m) => item(m![2]!)),
      };
    }
    return paragraph(lines.join(' '));
  });
  return { type: 'doc', content };
}

/**
 * Name of the input that says which form rich-text field `name` was posted in: `json` (the
 * editor's hidden input) or `plain` (its `<textarea>`, without JavaScript).
 */
export const formatFieldName = (name: string) => `${name}.format`;

/**
 * Name of the hidden input beside a rich-text field's `<textarea>` (the form without JavaScript)
 * carrying the stored JSON the textarea was drawn from: a save whose text is still that JSON's
 * plain text keeps the JSON, so a plain box never strips formatting from a field nobody changed.
 */
export const originalFieldName = (name: string) => `${name}.original`;

/**
 * Whether `value` holds more than its plain text says (bold, italic, links, a list's own
 * numbering): true when {@link fromPlainText} of {@link toPlainText} would not give it back.
 */
export function hasFormatting(value: RichTextInput): boolean {
  if (typeof value === 'string' || Array.isArray(value)) return false;
  return JSON.stringify(fromPlainText(toPlainText(value))) !== JSON.stringify(value);
}
