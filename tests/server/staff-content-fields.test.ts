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
    expect(page).toMatch(/<fieldset[^>]*role="radiogroup"[^>]*><legend[^>]*>Image</);
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
