/**
 * The content editor's rich-text and image fields over HTTP, as a browser without JavaScript
 * posts them and as the hydrated editor does (`src/staff/content-form.server.ts`,
 * docs/decisions/052-rich-text-for-longer-texts.md,
 * docs/decisions/051-uploaded-images-re-encoded-in-the-database.md): the founder's bio as the
 * editor's textarea, the portrait as a choice of uploads beside "Keep the current drawing", a save
 * of Tiptap JSON with bold text and an upload, and a refusal keeping both as posted.
 */
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type Signed, type StaffTestApp } from './support/staff-app.ts';

const html = (res: request.Response): string => res.text.replaceAll('<!-- -->', '');
const ITEM = '/staff/content/founder/items/founder';

/** The opening tag of the form control named `name` with `value` (any when absent), or ''. */
const control = (page: string, name: string, value?: string): string =>
  new RegExp(
    `<(?:input|textarea)[^>]*name="${name.replace(/\./g, '\\.')}"${
      value === undefined ? '' : `[^>]*value="${value}"`
    }[^>]*>`,
  ).exec(page)?.[0] ?? '';

describe('rich-text and image fields of the content editor', () => {
  let t: StaffTestApp;
  let me: Signed;
  let founder: { id: string; name: string; title: string; image: string; placeholder: boolean };
  let upload = '';

  const get = (path: string) => request(t.staffHttp).get(path).set('Cookie', me.cookie);
  const post = (body: Record<string, string>) => t.post(ITEM, body, me);
  const form = (changes: Record<string, string>) => ({
    intent: 'save',
    baseRelease: '1',
    seenVersion: '',
    id: founder.id,
    name: founder.name,
    title: founder.title,
    placeholder: founder.placeholder ? 'on' : '',
    'image.current': founder.image,
    image: founder.image,
    bio: 'A bio.',
    'bio.format': 'plain',
    ...changes,
  });

  beforeAll(async () => {
    t = await createStaffTestApp();
    me = await t.enrol(await t.invite());
    founder = (await t.content.read())['founder.yaml'][0]!;
    const bytes = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#b4532a' },
    })
      .png()
      .toBuffer();
    const res = await request(t.staffHttp)
      .post('/staff/content/media/upload')
      .set('Origin', t.origin)
      .set('Cookie', me.cookie)
      .field('alt', 'Meera at her desk')
      .attach('file', bytes, { filename: 'meera.png', contentType: 'image/png' });
    expect(res.status).toBe(303);
    upload = `media:${new URL(res.headers['location']!, t.origin).searchParams.get('id')}`;
    expect(upload).toMatch(/^media:[0-9a-f]{32}$/);
  });
  afterAll(() => t.close());

  it('links the images page from the content page, and back', async () => {
    expect(html(await get('/staff/content'))).toMatch(
      /href="\/staff\/content\/media"[^>]*>Images</,
    );
    expect(html(await get('/staff/content/media'))).toMatch(
      /href="\/staff\/content"[^>]*>Content</,
    );
  });

  it('draws the bio as the editor’s textarea and the portrait as a choice of uploads', async () => {
    const page = html(await get(ITEM));
    expect(page).toMatch(/<textarea[^>]*name="bio"/);
    expect(control(page, 'bio.format')).toContain('value="plain"');
    expect(page).toMatch(/<fieldset[^>]*role="radiogroup"[^>]*><legend[^>]*>Portrait</);
    expect(control(page, 'image', founder.image)).toContain('checked=""');
    expect(page).toContain('Keep the current drawing');
    expect(control(page, 'image', upload)).toContain('type="radio"');
    expect(control(page, 'image', upload)).not.toContain('checked');
    // The alt text names the choice once: the thumbnail itself is decorative there.
    expect(page).toMatch(/<img[^>]*alt=""[^>]*>(?:<\/picture>)?<span[^>]*>Meera at her desk</);
    expect(page).toMatch(/href="\/staff\/content\/media"[^>]*>Upload an image</);
  });

  it('refuses beside the field, keeping the typed bio and the chosen image', async () => {
    const res = await post(
      form({
        image: upload,
        bio: 'Kept words\n\n- javascript: first',
        'bio.format': 'plain',
        name: '',
      }),
    );
    expect(res.status).toBe(400);
    const page = html(res);
    expect(page).toMatch(/id="field-name-error"/);
    expect(control(page, 'image', upload)).toContain('checked=""');
    // The drawing the form began with is still offered.
    expect(control(page, 'image', founder.image)).not.toContain('checked');
    expect(page).toMatch(/<textarea[^>]*name="bio"[^>]*>Kept words\n\n- javascript: first</);

    const hostile = await post(
      form({
        bio: JSON.stringify({
          type: 'doc',
          content: [{ type: 'heading', content: [{ type: 'text', text: 'Big' }] }],
        }),
        'bio.format': 'json',
      }),
    );
    expect(hostile.status).toBe(400);
    expect(html(hostile)).toMatch(
      /id="field-bio-error"[^>]*><li>Block &quot;heading&quot; is not allowed/,
    );
    expect(await t.drafts.get('founder.yaml', founder.id)).toBeNull();
  });

  it('saves the editor’s JSON with bold text and the chosen upload as a draft', async () => {
    const bio = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Meera founded ' },
            { type: 'text', text: 'Kahaani', marks: [{ type: 'bold' }] },
            { type: 'text', text: ' in 2017.' },
          ],
        },
      ],
    };
    const res = await post(form({ image: upload, bio: JSON.stringify(bio), 'bio.format': 'json' }));
    expect(res.status, res.text).toBe(303);
    const draft = await t.drafts.get('founder.yaml', founder.id);
    expect(draft?.value).toMatchObject({ bio, image: upload });
    const page = html(await get(ITEM));
    expect(control(page, 'image', upload)).toContain('checked=""');
    expect(page).not.toContain('Keep the current drawing');
    expect(page).toMatch(/<textarea[^>]*name="bio"[^>]*>Meera founded Kahaani in 2017.</);
  });
});

/** `&quot;` and the other entities React writes in attributes and text, decoded. */
const decode = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * What a browser without JavaScript posts from the page's item form (the one labelled "Item"):
 * every named input (a checkbox or radio only when checked) and textarea, as drawn, in order.
 */
function formAsDrawn(page: string): Array<[string, string]> {
  const form = /<form[^>]*aria-label="Item"[^>]*>([\s\S]*?)<\/form>/.exec(page)?.[1] ?? '';
  const fields: Array<[string, string]> = [];
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
  for (const m of form.matchAll(/<input\b[^>]*>|<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const tag = m[0];
    const name = attr(tag, 'name');
    if (name === null) continue;
    if (tag.startsWith('<textarea')) {
      fields.push([decode(name), decode(m[2]!.replace(/^\n/, ''))]);
      continue;
    }
    const type = attr(tag, 'type') ?? 'text';
    if ((type === 'checkbox' || type === 'radio') && !/\schecked=""/.test(tag)) continue;
    if (type === 'submit' || type === 'file') continue;
    fields.push([decode(name), decode(attr(tag, 'value') ?? (type === 'checkbox' ? 'on' : ''))]);
  }
  return fields;
}

describe('a save without JavaScript keeps the rich text it did not change', () => {
  let t: StaffTestApp;
  let me: Signed;
  const bio = {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Meera founded ' },
          { type: 'text', text: 'Kahaani', marks: [{ type: 'bold' }] },
          { type: 'text', text: ' after ' },
          {
            type: 'text',
            text: 'a decade in newsrooms',
            marks: [{ type: 'link', attrs: { href: 'https://example.com/newsrooms' } }],
          },
          { type: 'text', text: '.' },
        ],
      },
      {
        type: 'bulletList',
        content: [
          {
            type: 'listItem',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Media relations' }] }],
          },
          {
            type: 'listItem',
            content: [
              {
                type: 'paragraph',
                content: [{ type: 'text', text: 'Crisis work', marks: [{ type: 'italic' }] }],
              },
            ],
          },
        ],
      },
    ],
  };

  beforeAll(async () => {
    t = await createStaffTestApp();
    me = await t.enrol(await t.invite());
    // The bio as the editor saves it with JavaScript: bold, a link, a list with italics.
    const founder = (await t.content.read())['founder.yaml'][0]!;
    const res = await request(t.staffHttp)
      .post(ITEM)
      .set('Origin', t.origin)
      .set('Cookie', me.cookie)
      .type('form')
      .send({
        intent: 'save',
        baseRelease: '1',
        seenVersion: '',
        id: founder.id,
        name: founder.name,
        title: founder.title,
        placeholder: founder.placeholder ? 'on' : '',
        'image.current': founder.image,
        image: founder.image,
        bio: JSON.stringify(bio),
        'bio.format': 'json',
      });
    expect(res.status, res.text).toBe(303);
  });
  afterAll(() => t.close());

  const get = (path: string) => request(t.staffHttp).get(path).set('Cookie', me.cookie);
  const postDrawn = (fields: Array<[string, string]>) =>
    request(t.staffHttp)
      .post(ITEM)
      .set('Origin', t.origin)
      .set('Cookie', me.cookie)
      .type('form')
      .send(new URLSearchParams([...fields, ['intent', 'save']]).toString());

  it('changing only the Title leaves the Bio byte for byte as it was, and says so', async () => {
    const page = html(await get(ITEM));
    // The plain box says what it cannot show, and what happens to it.
    expect(page).toContain('This text has bold, italic or links that this plain box cannot show');
    const fields = formAsDrawn(page).map(([name, value]): [string, string] =>
      name === 'title' ? [name, 'Founder and chief storyteller'] : [name, value],
    );
    expect(fields.find(([n]) => n === 'bio.format')?.[1]).toBe('plain');
    const before = JSON.stringify((await t.drafts.get('founder.yaml', 'founder'))?.value);
    const res = await postDrawn(fields);
    expect(res.status, res.text).toBe(303);
    expect(res.headers['location']).toContain('kept=bio');
    const draft = await t.drafts.get('founder.yaml', 'founder');
    expect(draft?.value).toMatchObject({ title: 'Founder and chief storyteller' });
    expect(JSON.stringify((draft?.value as { bio: unknown }).bio)).toBe(JSON.stringify(bio));
    expect(JSON.stringify({ ...(draft?.value as object), title: '' })).toBe(
      JSON.stringify({ ...(JSON.parse(before) as object), title: '' }),
    );
    const after = html(await get(res.headers['location']!));
    expect(after).toContain('Bio was left as it was: bold, italic and links kept.');
  });

  it('a bio changed in the plain box is saved as typed, without the formatting', async () => {
    const page = html(await get(ITEM));
    const fields = formAsDrawn(page).map(([name, value]): [string, string] =>
      name === 'bio' ? [name, `${value}\n\nA new paragraph.`] : [name, value],
    );
    const res = await postDrawn(fields);
    expect(res.status, res.text).toBe(303);
    expect(res.headers['location']).not.toContain('kept=');
    const saved = (await t.drafts.get('founder.yaml', 'founder'))?.value as { bio: typeof bio };
    expect(saved.bio.content.at(-1)).toEqual({
      type: 'paragraph',
      content: [{ type: 'text', text: 'A new paragraph.' }],
    });
    expect(JSON.stringify(saved.bio)).not.toContain('"bold"');
  });
});
