/**
 * The Tiptap half of the staff rich-text field (docs/decisions/052-rich-text-for-longer-texts.md):
 * the editor held to the allowlist of `src/lib/rich-text.ts`, its toolbar and link input, writing
 * its JSON into a hidden input `{name}` with `{name}.format=json`. `RichTextEditor`
 * (`./rich-text-editor.tsx`) imports this module with `import()` once the page is hydrated, so
 * Tiptap and ProseMirror load only on a page that has a rich-text field, and never on a public page
 * (tests/server/rich-text-editor-boundary.test.ts).
 */
import { ListKeymap } from '@tiptap/extension-list';
import StarterKit from '@tiptap/starter-kit';
import {
  EditorContent,
  mergeAttributes,
  Node,
  useEditor,
  useEditorState,
  type Editor,
  type JSONContent,
} from '@tiptap/react';
import { useState, type KeyboardEvent } from 'react';
import { cx } from '../../components/ui/cx.ts';
import {
  formatFieldName,
  fromPlainText,
  linkProblem,
  toPlainText,
  toRichText,
  type RichTextDoc,
  type RichTextInput,
} from '../../lib/rich-text.ts';
import { buttonClass, RICH_TEXT_FIELD, TEXT_FIELD } from './ui.tsx';

/** A list item holds paragraphs only (no nested lists), and Tab stays the browser's: focus moves on. */
const ListItem = Node.create({
  name: 'listItem',
  content: 'paragraph+',
  defining: true,
  parseHTML: () => [{ tag: 'li' }],
  renderHTML: ({ HTMLAttributes }) => ['li', mergeAttributes(HTMLAttributes), 0],
  addKeyboardShortcuts() {
    return { Enter: () => this.editor.commands.splitListItem(this.name) };
  },
});

/**
 * Exactly the allowlist: paragraphs, bold, italic, links, bullet and ordered lists; in an
 * article's body also headings of level 2 and 3 and block quotes.
 */
const extensionsFor = (article: boolean) => [
  StarterKit.configure({
    blockquote: article ? {} : false,
    code: false,
    codeBlock: false,
    dropcursor: false,
    gapcursor: false,
    hardBreak: false,
    heading: article ? { levels: [2, 3] } : false,
    horizontalRule: false,
    listItem: false,
    listKeymap: false,
    strike: false,
    trailingNode: false,
    underline: false,
    link: {
      openOnClick: false,
      autolink: false,
      HTMLAttributes: { target: null, rel: null },
      isAllowedUri: (url) => !linkProblem(url),
    },
  }),
  ListItem,
  // Its Backspace and Delete join list items as a reader expects; its Tab would pull a paragraph
  // that follows a list into the list's last item, so a keyboard user leaving the field would
  // change the text instead (https://www.w3.org/WAI/WCAG22/Understanding/no-keyboard-trap).
  ListKeymap.extend({
    addKeyboardShortcuts() {
      const { Tab: _tab, ...others } = this.parent?.() ?? {};
      return others;
    },
  }),
];
const EXTENSIONS = extensionsFor(false);
const ARTICLE_EXTENSIONS = extensionsFor(true);

/**
 * The editor's JSON in the stored form: only the allowlist's fields (Tiptap adds link `target`,
 * `rel`, `class`, `title` and the ordered list's `type`, all null), `start` only when not 1.
 */
export function canonicalRichText(json: JSONContent): RichTextDoc {
  const walk = (node: JSONContent): JSONContent => {
    const out: JSONContent = { type: node.type ?? '' };
    if (node.type === 'text') out.text = node.text ?? '';
    if (node.type === 'orderedList' && Number(node.attrs?.['start'] ?? 1) !== 1) {
      out.attrs = { start: Number(node.attrs?.['start']) };
    }
    if (node.type === 'heading') out.attrs = { level: Number(node.attrs?.['level']) === 3 ? 3 : 2 };
    if (node.marks?.length) {
      out.marks = node.marks.map((m) =>
        m.type === 'link'
          ? { type: 'link', attrs: { href: String(m.attrs?.['href']) } }
          : { type: m.type },
      );
    }
    if (node.content?.length) out.content = node.content.map(walk);
    return out;
  };
  return walk(json) as RichTextDoc;
}

/** The rich-text field's props, shared by its plain box (`./rich-text-editor.tsx`) and this editor. */
export interface RichTextEditorProps {
  /** The form field's name; `{name}.format` says which form it was posted in. */
  name: string;
  label: string;
  /** The stored value, or what was posted and refused (kept for the editor to fix). */
  value: RichTextInput;
  /** Id(s) of the field's hint and error, for `aria-describedby`. */
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
  /**
   * The stored JSON the field began from, when `value` is plain text typed over it (a refused
   * post): still carried, should the text come back as it was. Default: `value` when it is JSON.
   */
  original?: string | undefined;
  /** An article's body: headings (level 2 and 3) and block quotes too. */
  article?: boolean | undefined;
}

/**
 * The editor in place of the field's textarea, whose element (`id`) it reads once, while that is
 * still in the document: what was typed there before the editor loaded wins over `value`.
 */
export function TiptapField({
  id,
  name,
  value,
  describedBy,
  invalid,
  article = false,
}: Omit<RichTextEditorProps, 'label'> & { id: string }) {
  const [initial] = useState<RichTextDoc>(() => {
    const typed = (document.getElementById(id) as HTMLTextAreaElement | null)?.value;
    return typed !== undefined && typed !== toPlainText(value)
      ? fromPlainText(typed)
      : toRichText(value);
  });
  const [json, setJson] = useState(() => JSON.stringify(initial));
  const editor = useEditor({
    extensions: article ? ARTICLE_EXTENSIONS : EXTENSIONS,
    content: initial,
    injectCSS: false,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: cx(RICH_TEXT_FIELD, 'staff-rich-text min-h-40'),
      },
    },
    onUpdate: ({ editor: e }) => setJson(JSON.stringify(canonicalRichText(e.getJSON()))),
  });
  return (
    <>
      {editor ? <Toolbar editor={editor} id={id} article={article} /> : null}
      <EditorContent editor={editor} />
      <input type="hidden" name={name} value={json} />
      <input type="hidden" name={formatFieldName(name)} value="json" />
    </>
  );
}

const TOOLBAR_BUTTON = 'min-h-11 min-w-11 rounded-md border px-3 text-sm font-semibold';

function Toolbar({ editor, id, article }: { editor: Editor; id: string; article: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      heading: e.isActive('heading', { level: 2 }),
      subheading: e.isActive('heading', { level: 3 }),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: String(e.getAttributes('link')['href'] ?? ''),
    }),
  });
  const [linking, setLinking] = useState(false);
  const chain = () => editor.chain().focus();
  type Pressed = Exclude<keyof typeof state, 'link' | 'href'>;
  const buttons: Array<{ key: Pressed; label: string; shortcut: string; run: () => boolean }> = [
    { key: 'bold', label: 'Bold', shortcut: 'Control+B', run: () => chain().toggleBold().run() },
    {
      key: 'italic',
      label: 'Italic',
      shortcut: 'Control+I',
      run: () => chain().toggleItalic().run(),
    },
    {
      key: 'bulletList',
      label: 'Bulleted list',
      shortcut: 'Control+Shift+8',
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: 'Numbered list',
      shortcut: 'Control+Shift+7',
      run: () => chain().toggleOrderedList().run(),
    },
  ];
  const articleButtons: typeof buttons = [
    {
      key: 'heading',
      label: 'Heading',
      shortcut: 'Control+Alt+2',
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'subheading',
      label: 'Subheading',
      shortcut: 'Control+Alt+3',
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'blockquote',
      label: 'Quotation',
      shortcut: 'Control+Shift+B',
      run: () => chain().toggleBlockquote().run(),
    },
  ];
  return (
    <>
      <div role="group" aria-label="Formatting" aria-controls={id} className="flex flex-wrap gap-2">
        {[...buttons, ...(article ? articleButtons : [])].map((b) => (
          <button
            key={b.key}
            type="button"
            aria-pressed={state[b.key]}
            aria-keyshortcuts={b.shortcut}
            onClick={b.run}
            className={cx(
              TOOLBAR_BUTTON,
              state[b.key] ? 'border-ink bg-ink text-paper' : 'border-stone-300 bg-paper text-ink',
            )}
          >
            {b.label}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={state.link}
          aria-expanded={linking}
          aria-controls={`${id}-link`}
          onClick={() => setLinking((open) => !open)}
          className={cx(
            TOOLBAR_BUTTON,
            state.link ? 'border-ink bg-ink text-paper' : 'border-stone-300 bg-paper text-ink',
          )}
        >
          Link
        </button>
      </div>
      {linking ? (
        <LinkInput
          id={`${id}-link`}
          initial={state.href}
          onApply={(href) => {
            chain().extendMarkRange('link').setLink({ href }).run();
            setLinking(false);
          }}
          onRemove={() => {
            chain().extendMarkRange('link').unsetLink().run();
            setLinking(false);
          }}
          onCancel={() => {
            setLinking(false);
            editor.commands.focus();
          }}
        />
      ) : null}
    </>
  );
}

/** A small labelled input inside the item's form (a nested `<form>` is not HTML): Enter applies. */
function LinkInput({
  id,
  initial,
  onApply,
  onRemove,
  onCancel,
}: {
  id: string;
  initial: string;
  onApply: (href: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const [href, setHref] = useState(initial);
  const [problem, setProblem] = useState<string | undefined>();
  const apply = () => {
    const trimmed = href.trim();
    const why = linkProblem(trimmed);
    if (why) setProblem(why);
    else onApply(trimmed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <div
      id={id}
      role="group"
      aria-label="Link"
      className="flex flex-col gap-1 rounded-md border border-stone-300 p-3"
    >
      <label htmlFor={`${id}-href`} className="text-sm font-semibold">
        Link address
      </label>
      <input
        id={`${id}-href`}
        type="text"
        inputMode="url"
        autoComplete="off"
        // Opened by the Link button to type the address at once.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        value={href}
        onChange={(e) => {
          setHref(e.target.value);
          setProblem(undefined);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        className={TEXT_FIELD}
      />
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        https://…, mailto:…, tel:…, or a page of this site such as /showcase.
      </p>
      {problem ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-accent">
          {problem}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" onClick={apply} className={buttonClass('secondary')}>
          Apply link
        </button>
        {initial ? (
          <button type="button" onClick={onRemove} className={buttonClass('secondary')}>
            Remove link
          </button>
        ) : null}
        <button type="button" onClick={onCancel} className={buttonClass('secondary')}>
          Cancel
        </button>
      </div>
    </div>
  );
}
