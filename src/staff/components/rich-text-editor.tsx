/**
 * The rich-text field of the staff content forms (docs/decisions/052-rich-text-for-longer-texts.md).
 * Without JavaScript, on the server and while hydrating it is a `<textarea name={name}>` of plain
 * text (paragraphs between blank lines, `- ` and `1. ` lines for lists) posted with
 * `{name}.format=plain`. Once hydrated it loads the Tiptap editor (`./rich-text-tiptap.tsx`) with
 * `import()`: only a page that draws a rich-text field downloads Tiptap and ProseMirror, about
 * 106 KiB of brotli, as much again as the rest of an item page's first load. The editor then
 * takes the textarea's place, writing its JSON into a hidden input `{name}` with
 * `{name}.format=json`; until it arrives, or if it never does, the textarea stays and posts plain
 * text, with the stored JSON beside it (`{name}.original`): a plain text left as it was keeps
 * the JSON's bold, italic and links (`postedValues` in `../content-form.server.ts`), and the
 * field's hint says so when there is formatting to keep. The server reads either with `parseRichTextField` (`src/content/rich-text.ts`). Import it
 * only from staff route modules: Tiptap and ProseMirror must never reach a public page
 * (tests/server/rich-text-editor-boundary.test.ts).
 */
import { useEffect, useId, useState } from 'react';
import { cx } from '../../components/ui/cx.ts';
import {
  formatFieldName,
  hasFormatting,
  originalFieldName,
  toPlainText,
  type RichTextDoc,
} from '../../lib/rich-text.ts';
import type { RichTextEditorProps } from './rich-text-tiptap.tsx';
import { RICH_TEXT_FIELD } from './ui.tsx';

type Tiptap = typeof import('./rich-text-tiptap.tsx').TiptapField;

/** The editor once loaded: a field drawn after that (a client navigation) starts with it. */
let loaded: Tiptap | undefined;

/** Whether the stored JSON (a string) holds formatting the plain box cannot show. */
function hasStoredFormatting(json: string): boolean {
  try {
    return hasFormatting(JSON.parse(json) as RichTextDoc);
  } catch {
    return false;
  }
}

export function RichTextEditor({ label, original, ...field }: RichTextEditorProps) {
  const { name, value, describedBy, invalid } = field;
  const id = useId();
  const storedJson =
    original ?? (typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value) : '');
  const formatted = storedJson !== '' && hasStoredFormatting(storedJson);
  // Undefined on the server and while hydrating (`loaded` is set only after a hydration), so both
  // render the textarea; the editor's component once its chunk has arrived.
  const [Editor, setEditor] = useState<Tiptap | undefined>(() => loaded);
  useEffect(() => {
    if (Editor) return;
    let mounted = true;
    import('./rich-text-tiptap.tsx').then(
      ({ TiptapField }) => {
        loaded = TiptapField;
        if (mounted) setEditor(() => TiptapField);
      },
      // Not loaded (offline, a new release replaced the chunk): the textarea still posts.
      () => {},
    );
    return () => {
      mounted = false;
    };
  }, [Editor]);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} id={`${id}-label`} className="text-sm font-semibold">
        {label}
      </label>
      {Editor ? (
        <Editor id={id} {...field} />
      ) : (
        <>
          <p id={`${id}-plain-hint`} className="text-sm text-stone-600">
            A blank line starts a new paragraph; lines starting with “- ” or “1. ” make a list.
            {formatted
              ? ' This text has bold, italic or links that this plain box cannot show: left as it is, it keeps them; changed here, it is saved without them.'
              : ''}
          </p>
          <textarea
            id={id}
            name={name}
            rows={8}
            defaultValue={toPlainText(value)}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={cx(`${id}-plain-hint`, describedBy) || undefined}
            className={RICH_TEXT_FIELD}
          />
          <input type="hidden" name={formatFieldName(name)} value="plain" />
          {storedJson ? (
            <input type="hidden" name={originalFieldName(name)} value={storedJson} />
          ) : null}
        </>
      )}
    </div>
  );
}
