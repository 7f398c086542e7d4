/**
 * The staff rich-text field without JavaScript (`src/staff/components/rich-text-editor.tsx`,
 * docs/decisions/052-rich-text-for-longer-texts.md): the server renders a labelled `<textarea>`
 * of plain text and a format marker, which `parseRichTextField` reads back; the editor's JSON is
 * written in the stored form the schema accepts.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseRichTextField, richText } from '../../src/content/rich-text.ts';
import type { RichTextDoc } from '../../src/lib/rich-text.ts';
import { RichTextEditor } from '../../src/staff/components/rich-text-editor.tsx';
import { canonicalRichText } from '../../src/staff/components/rich-text-tiptap.tsx';

const BIO: RichTextDoc = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Reporter, ' },
        { type: 'text', text: 'then founder', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' <b>.' },
      ],
    },
    {
      type: 'orderedList',
      attrs: { start: 2 },
      content: [
        {
          type: 'listItem',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a' }] }],
        },
      ],
    },
  ],
};

describe('the rich-text field without JavaScript', () => {
  it('is a labelled textarea of plain text with a format marker, read back by the server', () => {
    const html = renderToString(
      createElement(RichTextEditor, {
        name: 'bio',
        label: 'Biography',
        value: BIO,
        describedBy: 'bio-error',
        invalid: true,
      }),
    );
    const id = /<textarea id="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<label for="${id}"`);
    expect(html).toMatch(
      /<textarea[^>]* name="bio"[^>]* aria-invalid="true"[^>]* aria-describedby="[^"]*-plain-hint bio-error"/,
    );
    expect(html).toContain('>Reporter, then founder &lt;b&gt;.\n\n2. a</textarea>');
    expect(html).toContain('<input type="hidden" name="bio.format" value="plain"/>');
    expect(html).not.toMatch(/ProseMirror|contenteditable/);
    const posted = parseRichTextField('Reporter, then founder <b>.\n\n2. a', 'plain');
    expect(posted.value?.content[1]).toEqual(BIO.content[1]);
  });

  it('writes the editor’s JSON in the stored form, dropping the attributes Tiptap adds', () => {
    const fromTiptap = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'x',
              marks: [
                {
                  type: 'link',
                  attrs: { href: '/showcase', target: null, rel: null, class: null, title: null },
                },
                { type: 'italic' },
              ],
            },
          ],
        },
        { type: 'orderedList', attrs: { start: 1, type: null }, content: BIO.content[1]!.content },
        { type: 'paragraph' },
      ],
    };
    const stored = canonicalRichText(fromTiptap as Parameters<typeof canonicalRichText>[0]);
    expect(stored).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'x',
              marks: [{ type: 'link', attrs: { href: '/showcase' } }, { type: 'italic' }],
            },
          ],
        },
        { type: 'orderedList', content: BIO.content[1]!.content },
        { type: 'paragraph' },
      ],
    });
    expect(richText('Bio').parse(stored)).toStrictEqual(stored);
    expect(parseRichTextField(JSON.stringify(stored), 'json').value).toStrictEqual(stored);
  });
});
