/**
 * One definition per collection (`src/content/collections.ts`,
 * docs/decisions/063-one-definition-per-collection.md): every collection is named, placed and
 * titled once, and a field's widget comes from its schema — Zod's own string formats and the
 * `widget` meta — never from its name, so adding a field is one line in the schema.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectionSchema, defineCollection, itemTitle } from '../../src/content/collection.ts';
import { COLLECTIONS, CONTENT_FILES, collectionAt } from '../../src/content/collections.ts';
import { image, teamMemberSchema } from '../../src/content/schemas.ts';
import { readContentDir } from '../../src/server/content/files.ts';
import { formFields, formValues, parseItem } from '../../src/staff/content-form.server.ts';

const seed = readContentDir();
if (!seed.content) throw new Error(seed.problems.join('\n'));

describe('the collections', () => {
  it('each have their own file and staff path, and a title field every item fills', () => {
    const definitions = CONTENT_FILES.map((file) => COLLECTIONS[file]);
    expect(new Set(definitions.map((d) => d.path)).size).toBe(definitions.length);
    for (const d of definitions) {
      expect(collectionAt(d.path)).toBe(d);
      const value: unknown = seed.content[d.file];
      const items =
        d.shape === 'one' ? [value] : Array.isArray(value) ? value : Object.values(value as object);
      for (const item of items) {
        expect(itemTitle(d, 'key', item), d.file).not.toBe('key');
      }
    }
  });

  it('refuse a definition whose title names no field, or a list without ids', () => {
    expect(() =>
      defineCollection({
        file: 'x.yaml',
        label: 'X',
        description: 'x',
        path: 'x',
        shape: 'list',
        item: z.strictObject({ name: z.string() }),
        title: 'name',
      }),
    ).toThrow(/a list's items need an id field/);
    expect(() =>
      defineCollection({
        file: 'x.yaml',
        label: 'X',
        description: 'x',
        path: 'x',
        shape: 'one',
        item: z.strictObject({ name: z.string() }),
        // @ts-expect-error -- the title must be a field of the item
        title: 'heading',
      }),
    ).toThrow(/title names no field/);
  });
});

describe('a new field', () => {
  // What adding a team member's LinkedIn profile takes: one line in the schema.
  const withLinkedIn = teamMemberSchema.extend({ linkedinUrl: z.url().optional() });
  const team = defineCollection({ ...COLLECTIONS['team.yaml'], item: withLinkedIn });
  const [member] = seed.content['team.yaml'];

  it('of Zod’s own string formats is an input of that type, optional as its schema says', () => {
    const fields = formFields(team.item, member, false);
    expect(fields.find((f) => f.name === 'linkedinUrl')).toMatchObject({
      kind: 'text',
      type: 'url',
      required: false,
      label: 'Linkedin url',
    });
    const email = formFields(z.strictObject({ contact: z.email() }), {}, true);
    expect(email[0]).toMatchObject({ kind: 'text', type: 'email', required: true });
  });

  it('goes into the form and back, and is checked by its format', () => {
    const fields = formFields(team.item, member, false);
    const value = { ...member, linkedinUrl: 'https://www.linkedin.com/in/someone' };
    expect(parseItem(team.item, fields, formValues(fields, value)).value).toStrictEqual(value);
    expect(parseItem(team.item, fields, formValues(fields, member)).value).toStrictEqual(member);
    const wrong = parseItem(team.item, fields, { ...formValues(fields, member), linkedinUrl: 'x' });
    expect(Object.keys(wrong.errors ?? {})).toEqual(['linkedinUrl']);
    expect(collectionSchema(team).safeParse([value]).success).toBe(true);
  });

  it('is an image by its schema, whatever its name; a text named "image" is a text', () => {
    const fields = formFields(
      z.strictObject({ cover: image(), image: z.string().max(40) }),
      {},
      true,
    );
    expect(fields.map((f) => [f.name, f.kind])).toEqual([
      ['cover', 'image'],
      ['image', 'text'],
    ]);
  });
});
