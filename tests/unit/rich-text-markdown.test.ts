/**
 * Rich text as CommonMark and back (`src/server/content/markdown.ts`): every shape the editor
 * stores comes back as the same JSON — marks in the editor's order, characters Markdown would
 * read as syntax escaped, spaces at a mark's edge kept — and what the allowlist refuses is named
 * with its line.
 */
import { describe, expect, it } from 'vitest';
import type { RichTextDoc, RichTextText } from '../../src/lib/rich-text.ts';
import { fromMarkdown, toMarkdown } from '../../src/server/content/markdown.ts';
import { richText } from '../../src/content/rich-text.ts';

const text = (t: string, ...marks: RichTextText['marks'] & object): RichTextText =>
  marks.length ? { type: 'text', text: t, marks } : { type: 'text', text: t };
const p = (...content: RichTextText[]) => ({ type: 'paragraph' as const, content });
const item = (t: string) => ({ type: 'listItem' as const, content: [p(text(t))] });
const bold = { type: 'bold' } as const;
const italic = { type: 'italic' } as const;
const link = (href: string) => ({ type: 'link', attrs: { href } }) as const;

const DOC: RichTextDoc = {
  type: 'doc',
  content: [
    p(
      text('Plain, '),
      text('italic', italic),
      text(' then '),
      text('both ', bold, italic),
      text('linked bold', link('https://example.com/a_b?q=1*2'), bold),
      text(' and a linked tail', link('https://example.com/a_b?q=1*2')),
      text('.'),
    ),
    p(text('Syntax as text: *star* _under_ <b>tag</b> # hash [x](y) `code` & &amp; \\ 1. 2)')),
    p(text('- a dash'), text(' trailing space ', bold), text('x')),
    { type: 'bulletList', content: [item('one'), item('two')] },
    { type: 'bulletList', content: [item('a second list')] },
    {
      type: 'orderedList',
      attrs: { start: 7 },
      content: [item('seven'), { type: 'listItem', content: [p(text('eight')), p(text('more'))] }],
    },
    { type: 'orderedList', content: [item('one again')] },
    p(text('Devanagari कहानी, an emoji 📰, a mail link', link('mailto:desk@example.com'))),
  ],
};

describe('rich text as Markdown', () => {
  it('comes back as the same JSON, and that JSON passes the schema', () => {
    const markdown = toMarkdown(DOC);
    expect(fromMarkdown(markdown)).toStrictEqual({ doc: DOC });
    expect(richText('The text').parse(DOC)).toStrictEqual(DOC);
    expect(markdown).toContain('*italic*');
    expect(markdown).toContain(
      '[**linked bold** and a linked tail](https://example.com/a_b?q=1*2)',
    );
    expect(markdown).toContain('7. seven');
  });

  it('reads plain paragraphs as the plain form reads them', () => {
    expect(fromMarkdown('One paragraph.\n\nAnother one,\nover two lines.')).toStrictEqual({
      doc: {
        type: 'doc',
        content: [p(text('One paragraph.')), p(text('Another one, over two lines.'))],
      },
    });
  });

  it('reads an article’s headings and block quotes both ways, which other rich text refuses', () => {
    const markdown = [
      '## The brief',
      '',
      'One week.',
      '',
      '### In Delhi',
      '',
      '> We had *no* budget.',
    ].join('\n');
    const read = fromMarkdown(markdown);
    expect(read.problems).toBeUndefined();
    const article = richText('The story', 10_000, { article: true }).parse(read.doc);
    expect(article.content.map((b) => b.type)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'blockquote',
    ]);
    expect(toMarkdown(article)).toBe(markdown);
    const plain = richText('The bio').safeParse(read.doc);
    expect(plain.error?.issues[0]?.message).toMatch(/^Block "heading" is not allowed here/);
  });

  it('refuses what the allowlist refuses, each with its line', () => {
    const refused = fromMarkdown(
      [
        'Fine.',
        '',
        '[click](javascript:alert(1)) and [ok](https://example.com "a title")',
        '',
        '<div>raw</div>',
        '',
        '# A title',
        '',
        '> - a list in a quote',
        '',
        '![picture](https://example.com/a.png)',
        '',
        '- outer',
        '  - inner',
      ].join('\n'),
      10,
    );
    expect(refused.problems).toStrictEqual([
      {
        line: 13,
        message: 'Links to javascript: addresses are refused: they can run code in the page',
      },
      { line: 13, message: 'A link’s title ("…" after the address) is not kept: leave it out' },
      { line: 15, message: expect.stringMatching(/^Raw HTML is not allowed in rich text/) },
      { line: 17, message: expect.stringMatching(/^A heading in rich text is of level 2 or 3/) },
      { line: 19, message: 'A block quote in rich text holds paragraphs only' },
      { line: 21, message: expect.stringMatching(/^Images are not allowed/) },
      { line: 24, message: 'A list inside a list is not allowed in rich text' },
    ]);
  });
});
