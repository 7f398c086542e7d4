/**
 * The shapes an item's edit form is drawn from (docs/decisions/050-drafts-publish-and-conflicts.md):
 * plain data the server makes from the item's Zod schema (`content-form.server.ts`), so the
 * page's bundle carries no schema. Field names are dotted paths into the item (`items.0.title`);
 * a list of strings is one textarea line per entry.
 */

interface Common {
  /** The dotted path, the form field's name. */
  name: string;
  label: string;
  /** The schema's description. */
  hint?: string | undefined;
  required: boolean;
}

export type FieldSpec =
  | (Common & { kind: 'text'; max?: number | undefined; multiline: boolean; readOnly?: boolean })
  | (Common & { kind: 'number'; integer: boolean; min?: number | undefined })
  | (Common & { kind: 'boolean' })
  | (Common & { kind: 'select'; options: string[] })
  | (Common & { kind: 'lines'; max?: number | undefined })
  | (Common & { kind: 'group'; entries: Array<{ legend: string; fields: FieldSpec[] }> });

/** Each field's text as typed (a checkbox: 'on' or ''), by name. */
export type FormValues = Record<string, string>;
/** Each field's messages, by name. */
export type FormErrors = Record<string, string[]>;

/** The HTML id of a field: names may hold dots, which ids may too, but selectors dislike them. */
export const fieldId = (name: string): string => `field-${name.replace(/\./g, '-')}`;

/** What an item's form needs: its fields, texts, and the base a save names. */
export interface ItemForm {
  fields: FieldSpec[];
  values: FormValues;
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
