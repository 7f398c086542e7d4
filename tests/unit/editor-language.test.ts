/**
 * The editors' language (`src/content/collection.ts`, `src/staff/content-form.server.ts`): every
 * field of every collection's items has a label and a hint written for editors in its
 * definition, apart from the engineers' description, and nothing an item form shows — labels,
 * hints, a list's entry names, a choice's name — holds a field key, an internal id or a
 * developer's word.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldMeta } from '../../src/content/collection.ts';
import { COLLECTIONS, CONTENT_FILES } from '../../src/content/collections.ts';
import { readContentDir } from '../../src/server/content/files.ts';
import { itemSchemaOf, toItems } from '../../src/server/content/items.ts';
import type { FieldSpec } from '../../src/staff/content-form.ts';
import { formFields } from '../../src/staff/content-form.server.ts';

/** Words of the code, not of the agency's staff. */
const DEVELOPER_WORDS =
  /\b(?:ids?|slug|kebab(?:-case)?|lucide|true|false|null|undefined|order|schema|yaml|json|svg|route|h1|meta|enum|boolean|string|array|anchor|placeholder|items? \d+)\b|<title>|media:/i;

/** Every field of an object schema, nested lists of objects included, by dotted path. */
function schemaFields(schema: z.ZodType, prefix = ''): Array<[string, z.ZodType]> {
  const { inner } = fieldMeta(schema);
  if (!(inner instanceof z.ZodObject)) return [];
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, field]) => {
    const element = fieldMeta(field).inner;
    const nested =
      element instanceof z.ZodArray
        ? schemaFields(element.element as z.ZodType, `${prefix}${key}.`)
        : [];
    return [[`${prefix}${key}`, field] as [string, z.ZodType], ...nested];
  });
}

/** Everything an item form shows in words. */
function shown(fields: readonly FieldSpec[]): string[] {
  return fields.flatMap((f) => [
    f.label,
    f.hint ?? '',
    ...(f.kind === 'select' ? f.options.map((o) => o.label) : []),
    ...(f.kind === 'group' ? f.entries.flatMap((e) => [e.legend, ...shown(e.fields)]) : []),
  ]);
}

const seed = readContentDir();
if (!seed.content) throw new Error(seed.problems.join('\n'));

describe('every field speaks to editors', () => {
  it.each(CONTENT_FILES.map((file) => [file] as const))(
    '%s: each field has its own label and help, apart from its description',
    (file) => {
      for (const [path, schema] of schemaFields(COLLECTIONS[file].item)) {
        const { meta } = fieldMeta(schema);
        const where = `${file} ${path}`;
        expect(meta.label, `${where}: no label`).toBeTruthy();
        expect(meta.help, `${where}: no help`).toBeTruthy();
        expect(meta.help, `${where}: the help is the engineers' description`).not.toBe(
          meta.description,
        );
        for (const words of [meta.label!, meta.help!, ...Object.values(meta.choices ?? {})]) {
          expect(words, `${where}: developer words`).not.toMatch(DEVELOPER_WORDS);
        }
        const { inner } = fieldMeta(schema);
        if (inner instanceof z.ZodEnum) {
          expect(Object.keys(meta.choices ?? {}).sort(), `${where}: a choice unnamed`).toEqual(
            inner.options.map(String).sort(),
          );
        }
        if (
          inner instanceof z.ZodArray &&
          fieldMeta(inner.element as z.ZodType).inner instanceof z.ZodObject
        ) {
          expect(meta.entry, `${where}: its entries unnamed`).toBeTruthy();
        }
      }
    },
  );

  it.each(toItems(seed.content).map((i) => [`${i.collection} ${i.key || '(whole)'}`, i] as const))(
    'the form of %s shows no key, id or developer word',
    (_name, item) => {
      const value: unknown = JSON.parse(item.body);
      const schema = itemSchemaOf(item.collection, item.key);
      for (const isNew of [false, true]) {
        const fields = formFields(schema, isNew ? {} : value, isNew);
        for (const words of shown(fields.filter((f) => !(f.kind === 'text' && f.readOnly)))) {
          expect(words).not.toMatch(DEVELOPER_WORDS);
          // A key of words joined by hyphens is the item's id, never its name for editors.
          if (!isNew && item.key.includes('-')) expect(words).not.toContain(item.key);
        }
        // The item's own id is never drawn as a field once it exists.
        if (!isNew && 'id' in (schema.shape as object)) {
          expect(fields.find((f) => f.name === 'id')).toMatchObject({ readOnly: true });
        }
      }
    },
  );

  it('fails on a field without help, or with a developer word', () => {
    const undocumented = z.strictObject({ name: z.string().meta({ label: 'Name' }) });
    const [[, field]] = schemaFields(undocumented) as [[string, z.ZodType]];
    expect(fieldMeta(field).meta.help).toBeUndefined();
    expect('true while the profile is a placeholder').toMatch(DEVELOPER_WORDS);
    expect('Lucide icon name').toMatch(DEVELOPER_WORDS);
    expect('Items 1').toMatch(DEVELOPER_WORDS);
    expect('Order').toMatch(DEVELOPER_WORDS);
    expect('Where the partner agency is.').not.toMatch(DEVELOPER_WORDS);
  });
});
