/**
 * Item forms made from the content schemas (`src/staff/content-form.server.ts`,
 * docs/decisions/050-drafts-publish-and-conflicts.md): every item of every collection survives
 * the trip into the form's texts and back unchanged, and a refusal names the field it concerns.
 */
import { describe, expect, it } from 'vitest';
import { readContentDir } from '../../scripts/lib/content-files.ts';
import { itemSchemaOf, toItems } from '../../src/server/content/items.ts';
import type { FieldSpec } from '../../src/staff/content-form.ts';
import { formFields, formValues, parseItem } from '../../src/staff/content-form.server.ts';

const seed = readContentDir();
if (!seed.content) throw new Error(seed.problems.join('\n'));
const items = toItems(seed.content);

const kinds = (fields: readonly FieldSpec[]): string[] =>
  fields.flatMap((f) =>
    f.kind === 'group' ? [f.kind, ...f.entries.flatMap((e) => kinds(e.fields))] : [f.kind],
  );

describe('item forms from the schemas', () => {
  it.each(items.map((i) => [`${i.collection} ${i.key || '(whole)'}`, i] as const))(
    '%s goes into the form and back unchanged',
    (_name, item) => {
      const value: unknown = JSON.parse(item.body);
      const schema = itemSchemaOf(item.collection, item.key);
      const fields = formFields(schema, value, false);
      const result = parseItem(schema, fields, formValues(fields, value));
      expect(result.errors).toBeUndefined();
      expect(result.value).toStrictEqual(value);
    },
  );

  it('uses every kind of field the content needs', () => {
    const all = new Set(
      items.flatMap((i) =>
        kinds(formFields(itemSchemaOf(i.collection, i.key), JSON.parse(i.body), false)),
      ),
    );
    expect([...all].sort()).toEqual(['boolean', 'group', 'lines', 'number', 'select', 'text']);
  });

  it('names the field of each refusal, a list line by its number, and drops a blank entry', () => {
    const category = seed.content['showcase.yaml'][0]!;
    const schema = itemSchemaOf('showcase.yaml', category.id);
    const fields = formFields(schema, category, false);
    const values = formValues(fields, category);
    values['items.1.title'] = '';
    values['icon'] = 'not-an-icon';
    const refused = parseItem(schema, fields, values);
    expect(Object.keys(refused.errors ?? {}).sort()).toEqual(['icon', 'items.1.title']);

    const service = seed.content['services.yaml'][0]!;
    const serviceSchema = itemSchemaOf('services.yaml', service.id);
    const serviceFields = formFields(serviceSchema, service, false);
    const lines = formValues(serviceFields, service);
    lines['deliverables'] = `ok\n${'x'.repeat(61)}`;
    expect(parseItem(serviceSchema, serviceFields, lines).errors).toEqual({
      deliverables: ['Line 2: A deliverable must be at most 60 characters'],
    });

    const privacy = seed.content['privacy.yaml'];
    const privacySchema = itemSchemaOf('privacy.yaml', '');
    const privacyFields = formFields(privacySchema, privacy, false);
    // One blank section more than the notice has, left blank: dropped.
    const group = privacyFields.find((f) => f.kind === 'group');
    expect(group?.kind === 'group' && group.entries.length).toBe(privacy.sections.length + 1);
    expect(
      parseItem(privacySchema, privacyFields, formValues(privacyFields, privacy)).value,
    ).toStrictEqual(privacy);
  });
});
