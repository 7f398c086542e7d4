/** Rich text as CommonMark (https://spec.commonmark.org/) through mdast; outside the allowlist is refused. */
import type { List, ListItem, Nodes, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import { fromMarkdown as parseMarkdown } from 'mdast-util-from-markdown';
import { toMarkdown as writeMarkdown } from 'mdast-util-to-markdown';
import {
  linkProblem,
  type RichTextBlock,
  type RichTextDoc,
  type RichTextListItem,
  type RichTextMark,
  type RichTextParagraph,
  type RichTextText,
} from '../../lib/rich-text.ts';

/** One refusal: the line in the Markdown (1 first, plus the caller's offset) and the rule. */
export interface MarkdownProblem {
  line: number;
  message: string;
}

const ALLOWED = 'paragraphs, lists, bold, italic and links';

const REFUSED: Record<string, string> = {
  html: 'Raw HTML is not allowed',
  code: 'Code blocks are not allowed',
  inlineCode: 'Code is not allowed',
  image: 'Images are not allowed',
  imageReference: 'Images are not allowed',
  thematicBreak: 'Horizontal rules are not allowed',
  break: 'Line breaks inside a paragraph are not allowed',
  definition: 'Link definitions are not allowed: write the address in the link, [text](https://…)',
  linkReference:
    'Reference links are not allowed: write the address in the link, [text](https://…)',
};

const MARK_ORDER = ['link', 'bold', 'italic'] as const;

const sameMark = (a: RichTextMark, b: RichTextMark) =>
  a.type === b.type && (a.type !== 'link' || a.attrs.href === (b as typeof a).attrs.href);

const sameMarks = (a: readonly RichTextMark[] = [], b: readonly RichTextMark[] = []) =>
  a.length === b.length && a.every((m, i) => sameMark(m, b[i]!));

/** Without a final newline; '' for a doc with no text. */
export function toMarkdown(doc: RichTextDoc): string {
  const children = doc.content.flatMap((b): RootContent[] => {
    const block = blockTree(b);
    return block ? [block] : [];
  });
  return writeMarkdown({ type: 'root', children } satisfies Root, {
    bullet: '-',
    emphasis: '*',
    strong: '*',
    listItemIndent: 'one',
  }).replace(/\n$/, '');
}

function blockTree(block: RichTextBlock): RootContent | undefined {
  if (block.type === 'paragraph') return paragraphTree(block);
  if (block.type === 'heading') {
    const texts = block.content ?? [];
    return { type: 'heading', depth: block.attrs.level, children: phrasing(texts, 0) };
  }
  if (block.type === 'blockquote') {
    return { type: 'blockquote', children: block.content.flatMap((p) => paragraphTree(p) ?? []) };
  }
  const items = block.content.map((item): ListItem => ({
    type: 'listItem',
    spread: item.content.length > 1,
    children: item.content.flatMap((p) => paragraphTree(p) ?? []),
  }));
  const list: List = {
    type: 'list',
    ordered: block.type === 'orderedList',
    spread: false,
    children: items,
  };
  if (block.type === 'orderedList') list.start = block.attrs?.start ?? 1;
  return list;
}

function paragraphTree(p: RichTextParagraph): Paragraph | undefined {
  const texts = p.content ?? [];
  return texts.length === 0 ? undefined : { type: 'paragraph', children: phrasing(texts, 0) };
}

function phrasing(texts: readonly RichTextText[], level: number): PhrasingContent[] {
  const kind = MARK_ORDER[level];
  if (!kind) return texts.map((t) => ({ type: 'text', value: t.text }));
  const markOf = (t: RichTextText) => t.marks?.find((m) => m.type === kind);
  const out: PhrasingContent[] = [];
  for (let i = 0; i < texts.length;) {
    const mark = markOf(texts[i]!);
    let j = i + 1;
    while (j < texts.length && sameOrNone(mark, markOf(texts[j]!))) j++;
    const inner = phrasing(texts.slice(i, j), level + 1);
    if (!mark) out.push(...inner);
    else if (mark.type === 'link')
      out.push({ type: 'link', url: mark.attrs.href, children: inner });
    else out.push({ type: mark.type === 'bold' ? 'strong' : 'emphasis', children: inner });
    i = j;
  }
  return out;
}

const sameOrNone = (a: RichTextMark | undefined, b: RichTextMark | undefined) =>
  a === undefined ? b === undefined : b !== undefined && sameMark(a, b);

/** `offset`: the lines above the Markdown. @returns JSON for the schema to check, or each refused construct */
export function fromMarkdown(
  markdown: string,
  offset = 0,
): { doc: RichTextDoc; problems?: never } | { doc?: never; problems: MarkdownProblem[] } {
  const problems: MarkdownProblem[] = [];
  const refuse = (node: Nodes, message: string) =>
    problems.push({ line: (node.position?.start.line ?? 1) + offset, message });
  const tree = parseMarkdown(markdown);

  const inline = (
    nodes: readonly PhrasingContent[],
    marks: RichTextMark[],
    into: RichTextText[],
  ) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        // A line break inside a paragraph is a space, as the plain form reads it (fromPlainText).
        const value = node.value.replace(/[ \t]*\n[ \t]*/g, ' ');
        if (!value) continue;
        const ordered = MARK_ORDER.flatMap((k) => marks.filter((m) => m.type === k));
        const last = into.at(-1);
        if (last && sameMarks(last.marks, ordered)) last.text += value;
        else
          into.push({
            type: 'text',
            text: value,
            ...(ordered.length ? { marks: ordered } : {}),
          });
      } else if (node.type === 'strong' || node.type === 'emphasis') {
        const type = node.type === 'strong' ? 'bold' : 'italic';
        const has = marks.some((m) => m.type === type);
        inline(node.children, has ? marks : [...marks, { type }], into);
      } else if (node.type === 'link') {
        const problem = linkProblem(node.url);
        if (problem) refuse(node, problem);
        else if (node.title)
          refuse(node, 'A link’s title ("…" after the address) is not kept: leave it out');
        else
          inline(
            node.children,
            [
              ...marks.filter((m) => m.type !== 'link'),
              { type: 'link', attrs: { href: node.url } },
            ],
            into,
          );
      } else {
        refuse(
          node,
          `${REFUSED[node.type] ?? `“${node.type}” is not allowed`} in rich text (allowed: ${ALLOWED})`,
        );
      }
    }
  };

  const paragraph = (node: Paragraph): RichTextParagraph => {
    const content: RichTextText[] = [];
    inline(node.children, [], content);
    return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
  };

  const listItem = (item: ListItem): RichTextListItem => {
    const content: RichTextParagraph[] = [];
    for (const child of item.children) {
      if (child.type === 'paragraph') content.push(paragraph(child));
      else if (child.type === 'list')
        refuse(child, 'A list inside a list is not allowed in rich text');
      else
        refuse(
          child,
          `${REFUSED[child.type] ?? `“${child.type}” is not allowed`} in rich text (allowed: ${ALLOWED})`,
        );
    }
    return { type: 'listItem', content };
  };

  const content: RichTextBlock[] = [];
  for (const node of tree.children) {
    if (node.type === 'paragraph') content.push(paragraph(node));
    else if (node.type === 'heading') {
      if (node.depth !== 2 && node.depth !== 3) {
        refuse(
          node,
          'A heading in rich text is of level 2 or 3 (## or ###): the page’s title is its 1',
        );
        continue;
      }
      const texts: RichTextText[] = [];
      inline(node.children, [], texts);
      content.push({ type: 'heading', attrs: { level: node.depth }, content: texts });
    } else if (node.type === 'blockquote') {
      const quoted: RichTextParagraph[] = [];
      for (const child of node.children) {
        if (child.type === 'paragraph') quoted.push(paragraph(child));
        else refuse(child, 'A block quote in rich text holds paragraphs only');
      }
      content.push({ type: 'blockquote', content: quoted });
    } else if (node.type === 'list') {
      const items = node.children.map(listItem);
      if (!node.ordered) content.push({ type: 'bulletList', content: items });
      else {
        const start = node.start ?? 1;
        content.push({
          type: 'orderedList',
          ...(start === 1 ? {} : { attrs: { start } }),
          content: items,
        });
      }
    } else {
      refuse(
        node,
        `${REFUSED[node.type] ?? `“${node.type}” is not allowed`} in rich text (allowed: ${ALLOWED})`,
      );
    }
  }
  return problems.length ? { problems } : { doc: { type: 'doc', content } };
}
