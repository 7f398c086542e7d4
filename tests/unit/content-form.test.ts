/**
 * Item forms made from the content schemas (`src/staff/content-form.server.ts`,
 * docs/decisions/050-drafts-publish-and-conflicts.md): every item of every collection survives
 * the trip into the form's texts and back unchanged, and a refusal names the field it concerns.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { richText } from '../../src/content/rich-text.ts';
import { readContentDir } from '../../src/server/content/files.ts';
import { toPlainText } from '../../src/lib/rich-text.ts';
import { itemSchemaOf, toItems } from '../../src/server/content/items.ts';
import {
  currentFieldName,
  formatFieldName,
  richTextOf,
  type FieldSpec,
} from '../../src/staff/content-form.ts';
import {
  formFields,
  formValues,
  parseItem,
  postedValues,
} from '../../src/staff/content-form.server.ts';

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
    expect([...all].sort()).toEqual([
      'boolean',
      'group',
      'image',
      'lines',
      'number',
      'richtext',
      'select',
      'text',
    ]);
  });

  it('names the field of each refusal, a list line by its number, and drops a blank entry', () => {
    const category = seed.content['showcase.yaml'][0]!;
    const schema = itemSchemaOf('showcase.yaml', category.id);
    const fields = formFields(schema, category, false);
    const values = formValues(fields, category);
    values['icon'] = 'not-an-icon';
    expect(Object.keys(parseItem(schema, fields, values).errors ?? {})).toEqual(['icon']);

    const study = seed.content['case-studies.yaml'][0]!;
    const studySchema = itemSchemaOf('case-studies.yaml', study.id);
    const studyFields = formFields(studySchema, study, false);
    const studyValues = formValues(studyFields, study);
    studyValues['results.1.figure'] = '';
    studyValues['slug'] = '../admin';
    const refused = parseItem(studySchema, studyFields, studyValues);
    expect(Object.keys(refused.errors ?? {}).sort()).toEqual(['results.1.figure', 'slug']);

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

  it.each(items.map((i) => [`${i.collection} ${i.key || '(whole)'}`, i] as const))(
    '%s comes back unchanged with its rich text posted as plain text',
    (_name, item) => {
      const value: unknown = JSON.parse(item.body);
      const schema = itemSchemaOf(item.collection, item.key);
      const fields = formFields(schema, value, false);
      const values = formValues(fields, value);
      for (const name of Object.keys(values)) {
        if (!name.endsWith('.format')) continue;
        const field = name.slice(0, -'.format'.length);
        values[field] = toPlainText(richTextOf(values, field));
        values[name] = 'plain';
      }
      expect(parseItem(schema, fields, values).value).toStrictEqual(value);
    },
  );
});

/** An item as the store holds it (the schema's output). */
const stored = <T = Record<string, unknown>>(collection: string, n = 0): T => {
  const item = items.filter((i) => i.collection === collection)[n];
  if (!item) throw new Error(`No item ${n} in ${collection}`);
  return JSON.parse(item.body) as T;
};
const keyOf = (value: unknown) => (value as { id: string }).id;

const walk = (fields: readonly FieldSpec[]): FieldSpec[] =>
  fields.flatMap((f) => (f.kind === 'group' ? f.entries.flatMap((e) => walk(e.fields)) : [f]));

describe('rich-text fields', () => {
  const founder = stored<{ bio: unknown }>('founder.yaml');
  const schema = itemSchemaOf('founder.yaml', keyOf(founder));
  const fields = formFields(schema, founder, false);
  const bold = {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Founded ' },
          { type: 'text', text: 'Story Voice', marks: [{ type: 'bold' }] },
        ],
      },
    ],
  };

  it('are the bio and the case studies’ summaries, with the JSON and its format as texts', () => {
    expect(walk(fields).find((f) => f.name === 'bio')?.kind).toBe('richtext');
    const study = stored('case-studies.yaml');
    const studyFields = formFields(itemSchemaOf('case-studies.yaml', keyOf(study)), study, false);
    expect(walk(studyFields).find((f) => f.name === 'summary')?.kind).toBe('richtext');
    expect(walk(studyFields).find((f) => f.name === 'body')?.kind).toBe('richtext');
    const values = formValues(fields, founder);
    expect(values[formatFieldName('bio')]).toBe('json');
    expect(JSON.parse(values['bio']!)).toEqual(founder.bio);
  });

  it('read the editor’s JSON and a textarea’s plain text', () => {
    const values = formValues(fields, founder);
    values['bio'] = JSON.stringify(bold);
    expect((parseItem(schema, fields, values).value as { bio: unknown }).bio).toEqual(bold);

    values['bio'] = 'First paragraph.\n\n- one\n- two';
    values[formatFieldName('bio')] = 'plain';
    expect((parseItem(schema, fields, values).value as { bio: unknown }).bio).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'First paragraph.' }] },
        {
          type: 'bulletList',
          content: ['one', 'two'].map((text) => ({
            type: 'listItem',
            content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
          })),
        },
      ],
    });
  });

  it('refuse beside the field, once, keeping what was posted', () => {
    const values = formValues(fields, founder);
    const hostile = JSON.stringify({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'x',
              marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
            },
          ],
        },
      ],
    });
    values['bio'] = hostile;
    values['name'] = '';
    const refused = parseItem(schema, fields, values);
    expect(Object.keys(refused.errors ?? {}).sort()).toEqual(['bio', 'name']);
    expect(refused.errors?.['bio']).toEqual([
      'Links to javascript: addresses are refused: they can run code in the page',
    ]);
    expect(values['bio']).toBe(hostile);

    values['bio'] = '{not json';
    expect(parseItem(schema, fields, values).errors?.['bio']).toEqual([
      'The editor sent text that is not JSON; nothing was changed',
    ]);
    // Kept as typed for the editor: JSON only when its root is a doc.
    expect(richTextOf(values, 'bio')).toBe('{not json');
    expect(richTextOf({ bio: '{"type":"paragraph"}', 'bio.format': 'json' }, 'bio')).toBe(
      '{"type":"paragraph"}',
    );
    expect(richTextOf({ bio: JSON.stringify(bold), 'bio.format': 'json' }, 'bio')).toEqual(bold);

    values['bio'] = '   ';
    values[formatFieldName('bio')] = 'plain';
    expect(parseItem(schema, fields, values).errors?.['bio']).toEqual([
      'The founder biography must not be empty',
    ]);
  });

  it('count as blank in a new entry when the editor sends an empty doc', () => {
    // A list of entries with rich text in each, as a collection may have.
    const showcaseSchema = z.strictObject({
      id: z.string(),
      items: z.array(z.strictObject({ title: z.string(), description: richText('Project', 420) })),
    });
    const showcase = {
      id: 'x',
      items: [
        {
          title: 'One',
          description: showcaseSchema.shape.items.element.shape.description.parse('A.'),
        },
      ],
    };
    const showcaseFields = formFields(showcaseSchema, showcase, false);
    const values = formValues(showcaseFields, showcase);
    const n = showcase.items.length;
    values[`items.${n}.description`] = JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph' }],
    });
    values[formatFieldName(`items.${n}.description`)] = 'json';
    expect(parseItem(showcaseSchema, showcaseFields, values).value).toStrictEqual(showcase);
  });
});

describe('image fields', () => {
  const member = stored<{ image: string }>('team.yaml');
  const schema = itemSchemaOf('team.yaml', keyOf(member));
  const fields = formFields(schema, member, false);
  const upload = `media:${'a1'.repeat(16)}`;

  it('post an upload’s media:<id> or keep the value the form was drawn with', () => {
    expect(walk(fields).find((f) => f.name === 'image')?.kind).toBe('image');
    const values = formValues(fields, member);
    expect(values[currentFieldName('image')]).toBe(member.image);

    const form = new FormData();
    for (const [name, text] of Object.entries(values)) form.set(name, text);
    form.set('image', upload);
    const posted = postedValues(fields, form);
    expect(posted[currentFieldName('image')]).toBe(member.image);
    expect((parseItem(schema, fields, posted).value as { image: string }).image).toBe(upload);

    form.set('image', member.image);
    expect(parseItem(schema, fields, postedValues(fields, form)).value).toStrictEqual(member);
  });

  it('refuse no choice and a value that is neither a drawing nor an upload', () => {
    const values = formValues(fields, member);
    values['image'] = '';
    expect(Object.keys(parseItem(schema, fields, values).errors ?? {})).toEqual(['image']);
    values['image'] = 'https://elsewhere.example/x.png';
    expect(Object.keys(parseItem(schema, fields, values).errors ?? {})).toEqual(['image']);
  });
});
