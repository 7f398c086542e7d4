/** Tiptap JSON, a fixed allowlist, no Zod (docs/decisions/052-rich-text-for-longer-texts.md). */

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
  attrs?: { start: number };
  content: RichTextListItem[];
}

/** A section's heading in an article's body (`h2`, `h3`: the page's `h1` is its title). */
export interface RichTextHeading {
  type: 'heading';
  attrs: { level: 2 | 3 };
  content?: RichTextText[];
}

/** A quotation of one or more paragraphs (`<blockquote>`). */
export interface RichTextBlockquote {
  type: 'blockquote';
  content: RichTextParagraph[];
}

/** Headings and block quotes only in an article's body (`richText(…, { article: true })`). */
export type RichTextBlock =
  | RichTextParagraph
  | RichTextBulletList
  | RichTextOrderedList
  | RichTextHeading
  | RichTextBlockquote;

export interface RichTextDoc {
  type: 'doc';
  content: RichTextBlock[];
}

/** The JSON, or the plain form it replaced (a string, paragraphs). */
export type RichTextInput = RichTextDoc | string | readonly string[];

/** Characters of text, blocks, items of one list, characters of a link. */
export const RICH_TEXT_LIMITS = { chars: 10_000, blocks: 200, listItems: 100, href: 2_048 };

const paragraph = (text: string): RichTextParagraph =>
  text ? { type: 'paragraph', content: [{ type: 'text', text }] } : { type: 'paragraph' };

/** JSON is returned unchecked (the schema's work). */
export function toRichText(value: RichTextInput): RichTextDoc {
  if (typeof value === 'string') return { type: 'doc', content: [paragraph(value)] };
  if (Array.isArray(value)) {
    return { type: 'doc', content: (value as readonly string[]).map(paragraph) };
  }
  return value as RichTextDoc;
}

/** What a browser's URL parser skips: controls, DEL, every white space. */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/g;

/** Why a link is refused (undefined: allowed); a hidden `javascript:` is still named. */
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

/** Gets `rel="noopener noreferrer"`. */
export const isExternalLink = (href: string): boolean => !/^[/#]/.test(href);

// Defensive about shape: refused JSON sent back to the form reaches here unchecked.
const list = <T>(v: T[] | undefined): T[] => (Array.isArray(v) ? v : []);
const textOf = (p: RichTextParagraph | RichTextHeading): string =>
  list(p?.content)
    .map((t) => (typeof t?.text === 'string' ? t.text : ''))
    .join('');

/** A `<textarea>`'s text without JavaScript, marks dropped; {@link fromPlainText} reads it back. */
export function toPlainText(value: RichTextInput): string {
  return list(toRichText(value).content)
    .map((block) => {
      if (block?.type === 'blockquote') return list(block.content).map(textOf).join('\n\n');
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

/** Blank lines part blocks; `- `/`* ` lines a bullet list, `1. `/`1) ` an ordered one. */
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

/** The input saying whether `name` was posted as `json` (editor) or `plain` (no JavaScript). */
export const formatFieldName = (name: string) => `${name}.format`;

/** The stored JSON beside a plain box: unchanged text keeps it, so formatting is not stripped. */
export const originalFieldName = (name: string) => `${name}.original`;

/** True when plain text would lose something (marks, links, a list's numbering, a heading). */
export function hasFormatting(value: RichTextInput): boolean {
  if (typeof value === 'string' || Array.isArray(value)) return false;
  return JSON.stringify(fromPlainText(toPlainText(value))) !== JSON.stringify(value);
}
