/**
 * An item's edit form made from its Zod schema (zod 4: https://zod.dev/json-schema and the
 * classes' `def`), and the posted form read back into the item
 * (docs/decisions/050-drafts-publish-and-conflicts.md). Each field's widget is its schema's
 * (docs/decisions/063-one-definition-per-collection.md): strings become inputs (Zod's `z.url()`,
 * `z.email()` their input types), or textareas with `.meta({ widget: 'textarea' })`; numbers
 * number inputs; booleans checkboxes; enums selects; lists of strings one textarea line per
 * entry; lists of objects fieldsets with dotted names (one blank entry more while the list may
 * grow; an entry left wholly blank is dropped). Optional fields may stay blank. Rich text
 * (`isRichTextSchema`) is the rich-text editor, read back by `parseRichTextField`
 * (docs/decisions/052-rich-text-for-longer-texts.md); `.meta({ widget: 'image' })` is a choice of
 * uploads (docs/decisions/051-uploaded-images-re-encoded-in-the-database.md). Labels and hints
 * are the schema's `label` and `help` (the description is the engineers', never shown; a label
 * missing is made from the key, and tests/unit/editor-language.test.ts fails on it), a list's
 * entries named by its `entry`, an enum's choices by its `choices`.
 */
import { z } from 'zod';
import { fieldMeta } from '../content/collection.ts';
import { isArticleSchema, isRichTextSchema, parseRichTextField } from '../content/rich-text.ts';
import {
  hasFormatting,
  originalFieldName,
  toPlainText,
  type RichTextDoc,
} from '../lib/rich-text.ts';
import {
  currentFieldName,
  formatFieldName,
  richTextOf,
  type FieldSpec,
  type FormErrors,
  type FormValues,
} from './content-form.ts';

type Shape = Record<string, z.ZodType>;

const unwrap = (schema: z.ZodType) => fieldMeta(schema);

/** The input types of Zod's string formats an input can check (others are plain text). */
const INPUT_TYPES: Readonly<Record<string, 'url' | 'email'>> = { url: 'url', email: 'email' };

const labelOf = (key: string): string =>
  key.charAt(0).toUpperCase() +
  key
    .slice(1)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/** The most entries a list takes (`max`, `length`); undefined: no limit. */
function maxEntries(schema: z.ZodArray): number | undefined {
  let max: number | undefined;
  for (const check of schema.def.checks ?? []) {
    const def = check._zod.def as { check: string; maximum?: number; length?: number };
    if (def.check === 'max_length') max = def.maximum;
    if (def.check === 'length_equals') max = def.length;
  }
  return max;
}

const shapeOf = (schema: z.ZodType): Shape | null =>
  schema instanceof z.ZodObject ? schema.shape : null;

function fieldsOf(shape: Shape, prefix: string, value: unknown, isNew: boolean): FieldSpec[] {
  return Object.entries(shape).map(([key, schema]) =>
    fieldOf(key, schema, prefix, (value as Record<string, unknown> | undefined)?.[key], isNew),
  );
}

function fieldOf(
  key: string,
  schema: z.ZodType,
  prefix: string,
  value: unknown,
  isNew: boolean,
): FieldSpec {
  const { inner, optional, meta } = unwrap(schema);
  const common = {
    name: `${prefix}${key}`,
    label: meta.label ?? labelOf(key),
    // The editors' hint only: a schema's description is the engineers' (`collection.ts`).
    hint: meta.help,
    required: !optional,
  };
  if (isRichTextSchema(schema)) {
    return { ...common, kind: 'richtext', ...(isArticleSchema(schema) ? { article: true } : {}) };
  }
  if (meta.widget === 'image') return { ...common, kind: 'image' };
  if (inner instanceof z.ZodString || inner instanceof z.ZodStringFormat) {
    const max = (inner._zod.bag as { maximum?: number }).maximum;
    const format = inner instanceof z.ZodStringFormat ? INPUT_TYPES[inner.def.format] : undefined;
    return {
      ...common,
      kind: 'text',
      max,
      multiline: meta.widget === 'textarea',
      ...(format ? { type: format } : {}),
      // An id names the item in URLs and anchors: set once, when the item is made, and then
      // carried unseen (the save takes it from the page's address).
      ...(prefix === '' && key === 'id' && !isNew ? { readOnly: true } : {}),
    };
  }
  if (inner instanceof z.ZodNumber) {
    return {
      ...common,
      kind: 'number',
      integer: inner.isInt,
      min: inner.minValue ?? undefined,
    };
  }
  if (inner instanceof z.ZodBoolean) return { ...common, kind: 'boolean' };
  if (inner instanceof z.ZodEnum) {
    return {
      ...common,
      kind: 'select',
      options: inner.options.map((o) => ({
        value: String(o),
        label: meta.choices?.[o] ?? String(o),
      })),
    };
  }
  if (inner instanceof z.ZodArray) {
    const element = unwrap(inner.element as z.ZodType).inner;
    const shape = shapeOf(element);
    if (shape) {
      const present = Array.isArray(value) ? value.length : 0;
      const max = maxEntries(inner);
      const entry = meta.entry ?? 'Entry';
      const count = max !== undefined && present >= max ? present : present + 1;
      return {
        ...common,
        kind: 'group',
        entries: Array.from({ length: count }, (_, n) => ({
          legend: n < present ? `${entry} ${n + 1}` : `New ${entry.toLowerCase()}`,
          fields: fieldsOf(
            shape,
            `${common.name}.${n}.`,
            Array.isArray(value) ? value[n] : undefined,
            isNew,
          ),
        })),
      };
    }
    const max = element instanceof z.ZodString ? (element.maxLength ?? undefined) : undefined;
    return { ...common, kind: 'lines', max };
  }
  throw new Error(`No form field for ${common.name}: ${inner.def.type}`);
}

/**
 * The form's fields for an item of `schema` (an object schema).
 * @param value the item, for how many entries its lists of objects show
 * @param isNew a new item: its `id` may be typed
 * @throws Error for a schema part that has no field kind here
 */
export function formFields(schema: z.ZodType, value: unknown, isNew: boolean): FieldSpec[] {
  const shape = shapeOf(schema);
  if (!shape) throw new Error('An item form needs an object schema');
  return fieldsOf(shape, '', value, isNew);
}

const walk = (fields: readonly FieldSpec[]): FieldSpec[] =>
  fields.flatMap((f) => (f.kind === 'group' ? f.entries.flatMap((e) => walk(e.fields)) : [f]));

const at = (value: unknown, name: string): unknown =>
  name
    .split('.')
    .reduce<unknown>(
      (v, part) =>
        v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined,
      value,
    );

/** The item as the form's texts. */
export function formValues(fields: readonly FieldSpec[], value: unknown): FormValues {
  const values: FormValues = {};
  for (const field of walk(fields)) {
    const v = at(value, field.name);
    if (field.kind === 'boolean') values[field.name] = v === true ? 'on' : '';
    else if (field.kind === 'lines') values[field.name] = Array.isArray(v) ? v.join('\n') : '';
    else if (field.kind === 'richtext') {
      const json = v !== null && typeof v === 'object';
      values[field.name] = json ? JSON.stringify(v) : typeof v === 'string' ? v : '';
      values[formatFieldName(field.name)] = json ? 'json' : 'plain';
    } else values[field.name] = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    if (field.kind === 'image') values[currentFieldName(field.name)] = values[field.name]!;
  }
  return values;
}

/**
 * The stored JSON a rich-text field's plain box was drawn from (its `originalFieldName` input),
 * when the posted text is still that JSON's plain text: the field was left as it was.
 */
function untouchedRichText(posted: string, original: string): string | null {
  if (!original) return null;
  try {
    const json: unknown = JSON.parse(original);
    if ((json as { type?: unknown } | null)?.type !== 'doc') return null;
    return toPlainText(json as RichTextDoc).trim() === posted.trim() ? original : null;
  } catch {
    return null;
  }
}

/**
 * The posted texts of `fields` (absent: ''), as typed; a rich-text field's format (absent:
 * `plain`) and an image field's value as first drawn beside them. A rich-text field posted as
 * plain text still equal to the stored JSON's plain text (`originalFieldName`) is that JSON, so
 * a save without JavaScript never strips the formatting of a field it did not change; its name
 * is added to `kept`.
 */
export function postedValues(
  fields: readonly FieldSpec[],
  form: FormData,
  kept: string[] = [],
): FormValues {
  const values: FormValues = {};
  const text = (name: string): string => {
    const v = form.get(name);
    return typeof v === 'string' ? v.replace(/\r\n/g, '\n') : '';
  };
  for (const field of walk(fields)) {
    values[field.name] = text(field.name);
    if (field.kind === 'richtext') {
      const format = text(formatFieldName(field.name)) || 'plain';
      values[formatFieldName(field.name)] = format;
      const original = text(originalFieldName(field.name));
      const same = format === 'plain' ? untouchedRichText(values[field.name]!, original) : null;
      if (same !== null) {
        values[field.name] = same;
        values[formatFieldName(field.name)] = 'json';
        if (hasFormatting(JSON.parse(same) as RichTextDoc)) kept.push(field.name);
      } else if (format === 'plain' && original) {
        // Changed in the plain box: still offered, should the text come back as it was.
        values[originalFieldName(field.name)] = original;
      }
    }
    if (field.kind === 'image') {
      values[currentFieldName(field.name)] = text(currentFieldName(field.name)).trim();
    }
  }
  return values;
}

/** A rich-text field's words as plain text (the JSON's text when it was sent as JSON). */
const richWords = (values: FormValues, name: string): string =>
  toPlainText(richTextOf(values, name));

/** The schema of the field at a dotted form name (`items.0.description`). */
function schemaAt(schema: z.ZodType, name: string): z.ZodType {
  let s = schema;
  for (const part of name.split('.')) {
    const { inner } = unwrap(s);
    if (inner instanceof z.ZodArray && /^\d+$/.test(part)) s = inner.element as z.ZodType;
    else if (inner instanceof z.ZodObject && part in inner.shape)
      s = inner.shape[part] as z.ZodType;
    else throw new Error(`No schema at ${name}`);
  }
  return s;
}

function valueOf(field: FieldSpec, text: string): unknown {
  const trimmed = text.trim();
  switch (field.kind) {
    case 'boolean':
      return text === 'on';
    case 'number':
      return trimmed === '' ? undefined : Number(trimmed);
    case 'lines': {
      const lines = text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      return lines.length === 0 && !field.required ? undefined : lines;
    }
    case 'group':
      throw new Error('groups are read by readGroup');
    default:
      return trimmed === '' && !field.required ? undefined : trimmed;
  }
}

/** A blank entry of a list of objects: every text empty (rich text: no words), every box unticked. */
const blank = (fields: readonly FieldSpec[], values: FormValues): boolean =>
  walk(fields).every(
    (f) =>
      (f.kind === 'richtext' ? richWords(values, f.name) : (values[f.name] ?? '')).trim() === '',
  );

/** A rich-text field's value as the item holds it (undefined: left out), or its messages. */
type ReadRich = (field: FieldSpec) => unknown;

/**
 * @param moved where a kept entry's path in the item (`items.0`) was in the form (`items.1`),
 *   when blank entries before it were dropped
 */
function read(
  fields: readonly FieldSpec[],
  values: FormValues,
  strip: string,
  moved: Map<string, string>,
  rich: ReadRich,
): object {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const key = field.name.slice(strip.length);
    if (field.kind === 'group') {
      const kept = field.entries.flatMap((e, n) => (blank(e.fields, values) ? [] : [n]));
      const entries = kept.map((n, to) => {
        if (n !== to) moved.set(`${field.name}.${to}`, `${field.name}.${n}`);
        return read(field.entries[n]!.fields, values, `${field.name}.${n}.`, moved, rich);
      });
      if (entries.length > 0 || field.required) out[key] = entries;
    } else if (field.kind === 'richtext') {
      const v = rich(field);
      if (v !== undefined) out[key] = v;
    } else {
      const v = valueOf(field, values[field.name] ?? '');
      if (v !== undefined) out[key] = v;
    }
  }
  return out;
}

/**
 * The item the texts describe, checked by `schema`.
 * @returns the item as the schema outputs it, or each message by field name (a list's line
 *   named in its message; a rule of the whole item under '')
 */
export function parseItem(
  schema: z.ZodType,
  fields: readonly FieldSpec[],
  values: FormValues,
): { value: unknown; errors?: never } | { errors: FormErrors; value?: never } {
  const moved = new Map<string, string>();
  const errors: FormErrors = {};
  // Each rich-text field by its own schema, so its messages are its own; a refused one is left
  // out of the item and the whole item's message about it dropped.
  const rich: ReadRich = (field) => {
    if (!field.required && richWords(values, field.name).trim() === '') return undefined;
    const result = parseRichTextField(
      values[field.name] ?? '',
      values[formatFieldName(field.name)],
      schemaAt(schema, field.name) as Parameters<typeof parseRichTextField>[2],
    );
    if (result.errors) errors[field.name] = result.errors;
    return result.value;
  };
  const raw = read(fields, values, '', moved, rich);
  const parsed = schema.safeParse(raw);
  if (parsed.success && Object.keys(errors).length === 0) return { value: parsed.data };
  const refusedRich = new Set(Object.keys(errors));
  const names = new Set(walk(fields).map((f) => f.name));
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path.map(String);
    for (let n = path.length; n > 0; n--) {
      const from = moved.get(path.slice(0, n).join('.'));
      if (from) {
        path.splice(0, n, ...from.split('.'));
        break;
      }
    }
    // The longest prefix of the issue's path that is a field: a list's line belongs to its list.
    let name = '';
    let rest: string[] = [];
    for (let n = path.length; n > 0; n--) {
      const candidate = path.slice(0, n).join('.');
      if (names.has(candidate)) {
        name = candidate;
        rest = path.slice(n);
        break;
      }
    }
    if (!name && path.length > 0) name = path.join('.');
    if (refusedRich.has(name)) continue;
    const line = rest.length === 1 && /^\d+$/.test(rest[0]!) ? `Line ${Number(rest[0]) + 1}: ` : '';
    (errors[name] ??= []).push(`${line}${issue.message}`);
  }
  return { errors };
}
