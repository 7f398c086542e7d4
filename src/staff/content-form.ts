/**
 * The shapes an item's edit form is drawn from (docs/decisions/050-drafts-publish-and-conflicts.md):
 * plain data the server makes from the item's Zod schema (`content-form.server.ts`), so the
 * page's bundle carries no schema. Field names are dotted paths into the item (`items.0.title`);
 * a list of strings is one textarea line per entry. A rich-text field's text sits beside the
 * format it was written in (`formatFieldName`, docs/decisions/052-rich-text-for-longer-texts.md);
 * an image field's beside the value it had when the form was drawn ({@link currentFieldName},
 * docs/decisions/051-uploaded-images-re-encoded-in-the-database.md).
 */
import type { PictureImage } from '../lib/media.ts';
import { formatFieldName, originalFieldName, type RichTextInput } from '../lib/rich-text.ts';
export { formatFieldName, originalFieldName };

interface Common {
  /** The dotted path, the form field's name. */
  name: string;
  label: string;
  /** The editors' hint (the schema's `help`). */
  hint?: string | undefined;
  required: boolean;
}

export type FieldSpec =
  | (Common & {
      kind: 'text';
      max?: number | undefined;
      multiline: boolean;
      /** Set once, when the item was made: carried in a hidden input, not shown. */
      readOnly?: boolean;
      /** The input's type, for Zod's `z.url()` and `z.email()` (default text). */
      type?: 'url' | 'email';
    })
  | (Common & { kind: 'number'; integer: boolean; min?: number | undefined })
  | (Common & { kind: 'boolean' })
  /** An enum: each value with its name for editors. */
  | (Common & { kind: 'select'; options: Array<{ value: string; label: string }> })
  | (Common & { kind: 'lines'; max?: number | undefined })
  /** Tiptap JSON (`format` json) or the textarea's plain text (`format` plain). */
  | (Common & { kind: 'richtext'; article?: boolean })
  /** An upload (`media:<id>`) chosen from the media list, or the current value kept. */
  | (Common & { kind: 'image' })
  | (Common & { kind: 'group'; entries: Array<{ legend: string; fields: FieldSpec[] }> });

/** Each field's text as typed (a checkbox: 'on' or ''), by name. */
export type FormValues = Record<string, string>;
/** Each field's messages, by name. */
export type FormErrors = Record<string, string[]>;

/** The HTML id of a field: names may hold dots, which ids may too, but selectors dislike them. */
export const fieldId = (name: string): string => `field-${name.replace(/\./g, '-')}`;

/**
 * A rich-text field's value from the form's texts: the JSON when it was sent as JSON whose root
 * is a `doc`, else the text as typed (the editor and `toPlainText` take either).
 */
export function richTextOf(values: FormValues, name: string): RichTextInput {
  const text = values[name] ?? '';
  if (values[formatFieldName(name)] !== 'json') return text;
  try {
    const json: unknown = JSON.parse(text);
    return (json as { type?: unknown } | null)?.type === 'doc' ? (json as RichTextInput) : text;
  } catch {
    return text;
  }
}

/**
 * Name of the hidden input carrying an image field's value as the form was first drawn, so a
 * refused post still offers to keep it.
 */
export const currentFieldName = (name: string): string => `${name}.current`;

/** An upload an image field may choose: its id, alt text and thumbnail. */
export interface MediaChoice {
  id: string;
  alt: string;
  decorative: boolean;
  picture: PictureImage;
}

/** What an item's form needs: its fields, texts, the uploads to choose from, and its base. */
export interface ItemForm {
  fields: FieldSpec[];
  values: FormValues;
  /** Uploaded images, newest first (absent: none). */
  media?: MediaChoice[];
  errors?: FormErrors;
  baseRelease: number | null;
  seenVersion: number | null;
}

/** A save that conflicted: both versions as form texts, and the new base to save on. */
export interface ConflictView {
  reason: 'published' | 'exists' | 'draft';
  /** What is newer: the published item or another person's draft. */
  theirs: { values: FormValues | null; by: string; at: number | null; release: number | null };
}
