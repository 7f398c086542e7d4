/**
 * An item's edit form made from its Zod schema (zod 4: https://zod.dev/json-schema and the
 * classes' `def`), and the posted form read back into the item
 * (docs/decisions/050-drafts-publish-and-conflicts.md). Strings become inputs, or textareas above
 * {@link TEXTAREA_FROM} characters; numbers number inputs; booleans checkboxes; enums selects;
 * lists of strings one textarea line per entry; lists of objects fieldsets with dotted names (one
 * blank entry more while the list may grow; an entry left wholly blank is dropped). Optional
 * fields may stay blank.
 */
import { z } from 'zod';
import type { FieldSpec, FormErrors, FormValues } from './content-form.ts';

/** Longest string an input takes; longer ones get a textarea. */
const TEXTAREA_FROM = 121;

type Shape = Record<string, z.ZodType>;

const unwrap = (schema: z.ZodType): { inner: z.ZodType; optional: boolean; hint?: string } => {
  let inner = schema;
  let optional = false;
  let hint = schema.description;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
    optional = true;
    inner = inner.unwrap() as z.ZodType;
    hint ??= inner.description;
  }
  return { inner, optional, ...(hint === undefined ? {} : { hint }) };
};

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
  const { inner, optional, hint } = unwrap(schema);
  const common = { name: `${prefix}${key}`, label: labelOf(key), hint, required: !optional };
  if (inner instanceof z.ZodString) {
    const max = inner.maxLength ?? undefined;
    return {
      ...common,
      kind: 'text',
      max,
      multiline: max !== undefined && max >= TEXTAREA_FROM,
      // An id names the item in URLs and anchors: set once, when the item is made.
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
    return { ...common, kind: 'select', options: inner.options.map(String) };
  }
  if (inner instanceof z.ZodArray) {
    const element = unwrap(inner.element as z.ZodType).inner;
    const shape = shapeOf(element);
    if (shape) {
      const present = Array.isArray(value) ? value.length : 0;
      const max = maxEntries(inner);
      const count = max !== undefined && present >= max ? present : present + 1;
      return {
        ...common,
        kind: 'group',
        entries: Array.from({ length: count }, (_, n) => ({
          legend: n < present ? `${labelOf(key)} ${n + 1}` : `New entry (${labelOf(key)})`,
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
    else values[field.name] = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  }
  return values;
}

/** The posted texts of `fields` (absent: ''), as typed. */
export function postedValues(fields: readonly FieldSpec[], form: FormData): FormValues {
  const values: FormValues = {};
  for (const field of walk(fields)) {
    const v = form.get(field.name);
    values[field.name] = typeof v === 'string' ? v.replace(/\r\n/g, '\n') : '';
  }
  return values;
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

/** A blank entry of a list of objects: every text empty and every box unticked. */
const blank = (fields: readonly FieldSpec[], values: FormValues): boolean =>
  walk(fields).every((f) => (values[f.name] ?? '').trim() === '');

/**
 * @param moved where a kept entry's path in the item (`items.0`) was in the form (`items.1`),
 *   when blank entries before it were dropped
 */
function read(
  fields: readonly FieldSpec[],
  values: FormValues,
  strip: string,
  moved: Map<string, string>,
): object {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const key = field.name.slice(strip.length);
    if (field.kind === 'group') {
      const kept = field.entries.flatMap((e, n) => (blank(e.fields, values) ? [] : [n]));
      const entries = kept.map((n, to) => {
        if (n !== to) moved.set(`${field.name}.${to}`, `${field.name}.${n}`);
        return read(field.entries[n]!.fields, values, `${field.name}.${n}.`, moved);
      });
      if (entries.length > 0 || field.required) out[key] = entries;
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
  const raw = read(fields, values, '', moved);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { value: parsed.data };
  const names = new Set(walk(fields).map((f) => f.name));
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
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
    const line = rest.length === 1 && /^\d+$/.test(rest[0]!) ? `Line ${Number(rest[0]) + 1}: ` : '';
    (errors[name] ??= []).push(`${line}${issue.message}`);
  }
  return { errors };
}
