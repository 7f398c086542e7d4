/**
 * The images as a library (docs/decisions/131-uploads-from-the-item-form-and-the-image-library.md),
 * over HTTP against the production build's app: an upload from inside an item form's image
 * field answered as JSON (the form stays, a refusal says why); alt text edited after upload, the
 * site's page following at the next publish; a delete refused while content uses the image,
 * naming where by the items' titles, and done once nothing does; a focal point kept in view
 * where the page crops the image.
 */
import request from 'supertest';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import type { ImageRef } from '../../src/content/schemas.ts';
import { UPLOAD_PATH as UPLOAD, type UploadAnswer } from '../../src/lib/media.ts';
import { staffAppPerFile } from './support/staff-app.ts';

const [t, me] = staffAppPerFile({}, undefined, { contentPollMs: 100 });

const png = (background: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .png()
    .toBuffer();

/** Posts the upload as the item form's `fetch` does, asking for JSON. */
const uploadJson = (alt: string, bytes?: Buffer) => {
  const req = request(t.staffHttp)
    .post(UPLOAD)
    .set('Cookie', me.cookie)
    .set('Origin', t.origin)
    .set('Accept', 'application/json')
    .field('alt', alt);
  return bytes ? req.attach('file', bytes, { filename: 'a.png', contentType: 'image/png' }) : req;
};

const PAGE = '/staff/content/media';
const page = async () =>
  (await request(t.staffHttp).get(PAGE).set('Cookie', me.cookie)).text.replaceAll('<!-- -->', '');
/** How many images the images page lists. */
const count = async () => (await page()).match(/name="intent" value="delete"/g)?.length ?? 0;
const post = (body: Record<string, string>) => t.post(PAGE, body, me);
const uploaded = async (alt: string, colour: string) =>
  ((await uploadJson(alt, await png(colour))).body as UploadAnswer).choice!.id;

describe('an upload from the item form', () => {
  it('answers JSON with the stored image as the field offers it', async () => {
    const res = await uploadJson('A terracotta square', await png('#b4532a'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const answer = res.body as UploadAnswer;
    expect(answer.statuses).toEqual(['uploaded']);
    expect(answer.choice).toMatchObject({ alt: 'A terracotta square', decorative: false });
    expect(answer.choice?.picture.src).toMatch(
      new RegExp(`^/media/${answer.choice!.id}-\\d+\\.webp$`),
    );
    expect((await request(t.app).get(answer.choice!.picture.src)).status).toBe(200);
  });

  it('answers a refusal as JSON with its message, nothing stored', async () => {
    const before = await count();
    const res = await uploadJson('', await png('#123456'));
    expect(res.status).toBe(400);
    const answer = res.body as UploadAnswer;
    expect(answer.statuses).toEqual(['alt-missing']);
    expect(answer.messages[0]).toMatch(/^Describe the image/);
    expect(answer.choice).toBeUndefined();
    expect(await count()).toBe(before);
  });
});

describe('the images as a library', () => {
  it('edits an image’s alt text; the page that shows it follows at the next publish', async () => {
    const id = await uploaded('A first description', '#0f766e');
    const content = structuredClone(await t.content.read());
    const member = content['team.yaml'][0]!;
    member.image = `media:${id}` as ImageRef;
    await t.content.publish(content, { author: 'test' });
    await vi.waitFor(
      async () =>
        expect((await request(t.app).get('/about')).text).toContain('A first description'),
      { timeout: 10_000, interval: 100 },
    );

    const refused = await post({ intent: 'describe', id, alt: '   ' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Describe the image for people who cannot see it');
    const res = await post({ intent: 'describe', id, alt: 'Arjun at the launch' });
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe(`${PAGE}?changed=described`);
    expect(await page()).toContain('Arjun at the launch');
    const audit = await t.staff.store.listAudit(1);
    expect(audit[0]).toMatchObject({ action: 'media-described', detail: `media ${id}` });

    // The next publish (of anything) renders the pages again, with the alt text as it is now.
    const next = structuredClone(await t.content.read());
    next['testimonials.yaml'][0]!.quote = 'A quote changed by the next publish.';
    await t.content.publish(next, { author: 'test' });
    await vi.waitFor(
      async () =>
        expect((await request(t.app).get('/about')).text).toContain('alt="Arjun at the launch"'),
      { timeout: 10_000, interval: 100 },
    );
  });

  it('refuses to delete an image that content uses, naming where; deletes it once unused', async () => {
    const id = await uploaded('A square for the awards', '#7c2d12');
    const content = structuredClone(await t.content.read());
    const award = content['awards.yaml'][0]!;
    award.image = `media:${id}` as ImageRef;
    await t.content.publish(content, { author: 'test' });
    const listed = await page();
    expect(listed).toContain(`Awards: “${award.name}” (on the site)`);

    const refused = await post({ intent: 'delete', id });
    expect(refused.status).toBe(409);
    expect(refused.text.replaceAll('<!-- -->', '')).toContain(
      `This image is still used, so it was not deleted. Choose another image in: Awards: “${award.name}” (on the site).`,
    );
    expect((await request(t.app).get(`/media/${id}-160.webp`)).status).toBe(200);

    // A draft that still names it keeps it too, once the site no longer does.
    const seed = (await t.content.read())['awards.yaml'][0]!;
    const drawing = (await t.content.read())['awards.yaml'][1]!.image;
    await t.content.publish(
      {
        ...(await t.content.read()),
        'awards.yaml': (await t.content.read())['awards.yaml'].map((a) =>
          a.id === seed.id ? { ...a, image: drawing } : a,
        ),
      },
      { author: 'test' },
    );
    const published = await t.drafts.published('awards.yaml', seed.id);
    const draft = await t.drafts.save(
      {
        collection: 'awards.yaml',
        key: seed.id,
        value: { ...(published.value as object), image: `media:${id}` },
        baseRelease: published.release,
        seenVersion: null,
        author: 'an editor',
      },
      Date.now(),
    );
    expect(draft.saved).toBeDefined();
    const still = await post({ intent: 'delete', id });
    expect(still.status).toBe(409);
    expect(still.text).toContain('(in a draft)');

    await t.drafts.discard('awards.yaml', seed.id);
    const res = await post({ intent: 'delete', id });
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe(`${PAGE}?changed=deleted`);
    expect(await page()).not.toContain(`media:${id}`);
    // A variant no page asked for before is gone (one served before may stay in an instance's memory).
    expect((await request(t.app).get(`/media/${id}-320.avif`)).status).toBe(404);
  });

  it('keeps a crop on the focal point chosen, on the page after the next publish', async () => {
    const id = await uploaded('Priya at the summit', '#1e3a8a');
    const content = structuredClone(await t.content.read());
    content['team.yaml'][1]!.image = `media:${id}` as ImageRef;
    await t.content.publish(content, { author: 'test' });
    const img = (html: string) =>
      new RegExp(`<img src="/media/${id}-[^"]+"[^>]*class="([^"]*)"`).exec(html)?.[1] ?? '';
    await vi.waitFor(
      async () => expect(img((await request(t.app).get('/about')).text)).toContain('object-cover'),
      { timeout: 10_000, interval: 100 },
    );
    expect(img((await request(t.app).get('/about')).text)).not.toContain('object-left-top');

    expect((await post({ intent: 'focus', id, focus: '33,7' })).status).toBe(400);
    const res = await post({ intent: 'focus', id, focus: '0,0' });
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe(`${PAGE}?changed=focused`);
    expect(await page()).toContain(`name="focus" checked="" value="0,0"`);
    const next = structuredClone(await t.content.read());
    next['testimonials.yaml'][0]!.quote = 'Another quote, for the publish after the focal point.';
    await t.content.publish(next, { author: 'test' });
    await vi.waitFor(
      async () =>
        expect(img((await request(t.app).get('/about')).text)).toContain(
          'object-cover object-left-top',
        ),
      { timeout: 10_000, interval: 100 },
    );
  });
});
