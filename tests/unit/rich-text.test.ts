/**
 * The rich-text type (`src/content/rich-text.ts`, `src/lib/rich-text.ts`) and its renderer
 * (`src/components/ui/rich-text.tsx`), docs/decisions/052-rich-text-for-longer-texts.md: the
 * allowlist held strictly with clear messages, hostile links refused however they are dressed,
 * the plain forms normalised (idempotently), plain text to JSON and back, and the renderer
 * making elements only.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RichText } from '../../src/components/ui/rich-text.tsx';
import { caseStudySchema, founderSchema } from '../../src/content/schemas.ts';
import {
  formatFieldName,
  isRichTextSchema,
  parseRichTextField,
  richText,
} from '../../src/content/rich-text.ts';
import {
  fromPlainText,
  linkProblem,
  toPlainText,
  type RichTextDoc,
  type RichTextInput,
} from '../../src/lib/rich-text.ts';

const schema = richText('The text', 10_000);
const messages = (value: unknown, s = schema) => {
  const r = s.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const p = (...content: object[]) => ({ type: 'paragraph', content });
const t = (text: string, marks?: object[]) => ({ type: 'text', text, ...(marks && { marks }) });
const doc = (...content: object[]) => ({ type: 'doc', content });
const link = (href: string) => doc(p(t('here', [{ type: 'link', attrs: { href } }])));

const RICH: RichTextDoc = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'We ' },
        { type: 'text', text: 'launched', marks: [{ type: 'bold' }, { type: 'italic' }] },
        { type: 'text', text: ' it', marks: [{ type: 'link', attrs: { href: '/showcase#x' } }] },
      ],
    },
    {
      type: 'bulletList',
      content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [t('one')] }] }],
    },
    {
      type: 'orderedList',
      attrs: { start: 3 },
      content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [t('three')] }] }],
    },
  ] as RichTextDoc['content'],
};

describe('the rich-text schema', () => {
  it('turns the plain forms into paragraphs, and leaves JSON as it is (a second parse changes nothing)', () => {
    const one = schema.parse('A single paragraph.');
    expect(one).toEqual(doc(p(t('A single paragraph.'))));
    const two = schema.parse(['First.', 'Second.']);
    expect(two).toEqual(doc(p(t('First.')), p(t('Second.'))));
    expect(schema.parse(two)).toStrictEqual(two);
    expect(schema.parse(RICH)).toStrictEqual(RICH);
  });

  it.each([
    [doc({ type: 'heading', content: [t('x')] }), /Block "heading" is not allowed here/],
    [doc(p({ type: 'image', attrs: { src: 'x' } })), /Inline node "image" is not allowed/],
    [doc(p(t('x', [{ type: 'underline' }]))), /Mark "underline" is not allowed/],
    [doc(p(t('x')), { type: 'codeBlock' }), /Block "codeBlock" is not allowed here/],
    [
      doc({ type: 'bulletList', content: [{ type: 'bulletList', content: [] }] }),
      /Node "bulletList" is not allowed here \(allowed: listItem\)/,
    ],
    [{ ...doc(p(t('x'))), attrs: { style: 'x' } }, /Unrecognized key: "attrs"/],
    [doc({ ...p(t('x')), attrs: { class: 'x' } }), /Unrecognized key: "attrs"/],
    [
      doc(p(t('x', [{ type: 'link', attrs: { href: '/a', target: '_blank' } }]))),
      /Unrecognized key: "target"/,
    ],
    [doc(p(t('x', [{ type: 'bold', attrs: {} }]))), /Unrecognized key: "attrs"/],
    [doc(p(t('x', [{ type: 'bold' }, { type: 'bold' }]))), /A mark is given twice/],
    [doc(p(t(''))), /A text node must not be empty/],
    [doc(p(t('bell\u0007'))), /must not contain control characters/],
    [doc(), /The text must not be empty/],
    [42, /Expected text, a list of paragraphs, or rich-text JSON/],
    ['x'.repeat(10_001), /at most 10000 characters \(it has 10001\)/],
  ])('refuses a bad value with a message saying why (%#)', (value, message) => {
    expect(messages(value).join('\n')).toMatch(message);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\u0000script:alert(1)',
    '\u0001javascript:alert(1)',
    'javascript\u00a0:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'DATA:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
  ])('refuses the link %j naming the scheme', (href) => {
    expect(messages(link(href))).toEqual([
      expect.stringMatching(
        /^content\.0\.content\.0\.marks\.0\.attrs\.href: Links to (javascript|data|vbscript): addresses are refused/,
      ),
    ]);
  });

  it.each([
    ['//evil.example/x', /must start with https:\/\/, http:\/\/, mailto:, tel:, \//],
    ['/\\evil.example', /must start with/],
    ['about', /must start with/],
    ['ftp://example.com', /must start with/],
    ['https://', /must be a full address/],
    ['https://exa mple.com', /must not contain spaces/],
    ['', /needs an address/],
    [`https://example.com/${'a'.repeat(2048)}`, /at most 2048 characters/],
  ])('refuses the link %#', (href, message) => {
    expect(messages(link(href)).join('\n')).toMatch(message);
  });

  it.each([
    'https://example.com/a?b=c#d',
    'http://example.com',
    'mailto:hello@example.com',
    'tel:+911140000000',
    '/showcase',
    '/showcase#public-affairs',
    '#top',
  ])('allows the link %j', (href) => {
    expect(linkProblem(href)).toBeUndefined();
    expect(messages(link(href))).toEqual([]);
  });

  it('is the type of the case study summary and the founder bio, which forms can detect', () => {
    const project = caseStudySchema.shape;
    expect(isRichTextSchema(project.summary)).toBe(true);
    expect(isRichTextSchema(founderSchema.shape.bio)).toBe(true);
    expect(isRichTextSchema(richText('x').optional())).toBe(true);
    expect(isRichTextSchema(project.title)).toBe(false);
    expect(isRichTextSchema(project.outcome)).toBe(false);
    expect(project.summary.safeParse('x'.repeat(421)).error?.issues[0]?.message).toBe(
      'The summary on the showcase card must be at most 420 characters (it has 421)',
    );
  });
});

describe('plain text and rich text', () => {
  it('reads a textarea: paragraphs, bullets and numbered lines', () => {
    const text =
      'First line\nsame paragraph.\r\n\r\n- one\n* two\n\n3. three\n4) four\n\n\n  Last.  ';
    expect(fromPlainText(text)).toEqual({
      type: 'doc',
      content: [
        p(t('First line same paragraph.')),
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [p(t('one'))] },
            { type: 'listItem', content: [p(t('two'))] },
          ],
        },
        {
          type: 'orderedList',
          attrs: { start: 3 },
          content: [
            { type: 'listItem', content: [p(t('three'))] },
            { type: 'listItem', content: [p(t('four'))] },
          ],
        },
        p(t('Last.')),
      ],
    });
  });

  it('writes what it reads: JSON without marks survives a textarea round trip', () => {
    const plain = toPlainText(RICH);
    expect(plain).toBe('We launched it\n\n- one\n\n3. three');
    const back = fromPlainText(plain);
    expect(toPlainText(back)).toBe(plain);
    expect(toPlainText(['a', 'b'])).toBe('a\n\nb');
  });

  it('parses a posted field in either format, refusing what the schema refuses', () => {
    expect(formatFieldName('bio')).toBe('bio.format');
    expect(parseRichTextField('One.\n\nTwo.', 'plain').value).toEqual(
      doc(p(t('One.')), p(t('Two.'))),
    );
    expect(parseRichTextField('One.', null).value).toEqual(doc(p(t('One.'))));
    expect(parseRichTextField(JSON.stringify(RICH), 'json').value).toStrictEqual(RICH);
    expect(parseRichTextField('{', 'json').errors).toEqual([
      'The editor sent text that is not JSON; nothing was changed',
    ]);
    expect(parseRichTextField(JSON.stringify(link('javascript:alert(1)')), 'json').errors).toEqual([
      'Links to javascript: addresses are refused: they can run code in the page',
    ]);
    // A textarea's text is text, even when it looks like JSON or HTML.
    const html = '<img src=x onerror=alert(1)>';
    expect(parseRichTextField(html, 'plain').value).toEqual(doc(p(t(html))));
    expect(parseRichTextField('', 'plain').errors).toEqual(['The text must not be empty']);
  });
});

const render = (value: RichTextInput, blockClassName?: string) =>
  renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(RichText, { value, blockClassName })),
  );

describe('the rich-text renderer', () => {
  it('renders a plain value as the paragraphs a page rendered before', () => {
    expect(render('Hello.', 'mt-4')).toBe('<p class="mt-4">Hello.</p>');
    expect(render(['A.', 'B.'])).toBe('<p>A.</p><p>B.</p>');
  });

  it('renders marks, lists and links as elements; only other origins get rel', () => {
    const html = render({
      ...RICH,
      content: [
        ...RICH.content,
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'ext',
              marks: [{ type: 'link', attrs: { href: 'https://e.x/' } }],
            },
            {
              type: 'text',
              text: 'mail',
              marks: [{ type: 'link', attrs: { href: 'mailto:a@b.c' } }],
            },
            { type: 'text', text: 'top', marks: [{ type: 'link', attrs: { href: '#top' } }] },
          ],
        },
      ],
    });
    const a = 'class="underline decoration-stone-300 underline-offset-4 hover:decoration-accent"';
    expect(html).toBe(
      `<p>We <em><strong>launched</strong></em><a ${a} href="/showcase#x" data-discover="true"> it</a></p>` +
        '<ul class="list-disc space-y-1 pl-6"><li>one</li></ul>' +
        '<ol start="3" class="list-decimal space-y-1 pl-6"><li>three</li></ol>' +
        `<p><a href="https://e.x/" ${a} rel="noopener noreferrer">ext</a>` +
        `<a href="mailto:a@b.c" ${a} rel="noopener noreferrer">mail</a>` +
        `<a href="#top" ${a}>top</a></p>`,
    );
  });

  it('renders hostile text as text', () => {
    const hostile = '</script><img src=x onerror=alert(1)>\u2028\u202e';
    expect(render(hostile)).toBe(
      '<p>&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;\u2028\u202e</p>',
    );
  });

  it('draws an article’s headings as h2 and h3 and a block quote’s paragraphs', () => {
    const article = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [t('The brief')] },
        { type: 'heading', attrs: { level: 3 }, content: [t('In Delhi', [{ type: 'italic' }])] },
        { type: 'blockquote', content: [p(t('We had one week.')), p(t('And no budget.'))] },
      ],
    } as RichTextDoc;
    const html = render(article).replace(/ class="[^"]*"/g, '');
    expect(html).toBe(
      '<h2>The brief</h2><h3><em>In Delhi</em></h3><blockquote><p>We had one week.</p><p>And no budget.</p></blockquote>',
    );
  });

  it('skips nodes and marks outside the allowlist (a value stored without the schema)', () => {
    const stray = {
      type: 'doc',
      content: [
        { type: 'codeBlock', content: [t('no')] },
        p(t('kept', [{ type: 'strike' }])),
        p(t('bad link', [{ type: 'link', attrs: { href: ' javascript:alert(1)' } }])),
        p({ type: 'image', attrs: { src: 'x' } }),
      ],
    } as unknown as RichTextDoc;
    expect(render(stray)).toBe('<p>kept</p><p>bad link</p><p></p>');
  });
});
