/**
 * The content editor under `/staff/content` (docs/decisions/050-drafts-publish-and-conflicts.md)
 * over HTTP as a browser without JavaScript uses it, two people signed in with software
 * passkeys: forms made from the schemas, a refused save keeping the typed text with each message
 * beside its field, drafts, the 409 conflict page with both texts, publishing, history with a
 * field diff (rich text drawn with its formatting), restore as a draft, adding and moving list items, and the audit log holding ids
 * but never the text.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RichTextDoc, RichTextParagraph } from '../../src/lib/rich-text.ts';
import { createStaffTestApp, type Signed, type StaffTestApp } from './support/staff-app.ts';

const html = (res: request.Response): string => res.text.replaceAll('<!-- -->', '');

/** The opening tag of the form control named `name`, or ''. */
const control = (page: string, name: string): string =>
  new RegExp(`<(?:input|textarea|select)[^>]*name="${name.replace(/\./g, '\\.')}"[^>]*>`).exec(
    page,
  )?.[0] ?? '';

describe('the content editor', () => {
  let t: StaffTestApp;
  let meera: Signed;
  let ravi: Signed;
  let first: { id: string; quote: string; author: string };

  const get = (path: string, who: Signed = meera) =>
    request(t.staffHttp).get(path).set('Cookie', who.cookie);
  const post = (path: string, body: Record<string, string | string[]>, who: Signed = meera) =>
    t.post(path, body, who);

  // Each test has a database of its own, so each runs alone (`vitest -t`).
  beforeEach(async () => {
    t = await createStaffTestApp();
    meera = await t.enrol(await t.invite());
    ravi = await t.enrol(await t.invite('ravi@kahaani-pr.example', 'Ravi Kumar'));
    first = (await t.content.read())['testimonials.yaml'][0]!;
  });
  afterEach(() => t.close());

  const itemUrl = () => `/staff/content/testimonials/items/${first.id}`;
  /** A save of the first testimonial's form drawn on release 1, before any draft of it. */
  const saveOf = (quote: string) => ({
    intent: 'save',
    baseRelease: '1',
    seenVersion: '',
    id: first.id,
    order: '1',
    quote,
    author: first.author,
  });
  const MEERAS = 'Meera’s new quote for the carousel.';
  const RAVIS = 'Ravi typed this on a page drawn before Meera saved.';
  /** Meera saves a draft, then Ravi saves over it from a page drawn before hers (his draft stays). */
  const bothSave = async () => {
    expect((await post(itemUrl(), saveOf(MEERAS))).status).toBe(303);
    expect((await post(itemUrl(), { ...saveOf(RAVIS), seenVersion: '1' }, ravi)).status).toBe(303);
  };
  /** {@link bothSave}, then Meera publishes Ravi's draft as release 2. */
  const publishRavis = async () => {
    await bothSave();
    const page = html(await get('/staff/content/publish'));
    const ref = /name="draft" value="([^"]+)"/.exec(page)![1]!;
    return post('/staff/content/publish', { intent: 'chosen', draft: ref, note: 'q' });
  };

  it('lists the collections by name, linked from the staff navigation', async () => {
    const res = await get('/staff/content');
    expect(res.status).toBe(200);
    expect(html(res)).toContain('href="/staff/content"');
    for (const name of ['Testimonials', 'Services', 'Privacy notice', 'Page sections']) {
      expect(html(res)).toContain(`>${name}</a>`);
    }
    const list = await get('/staff/content/testimonials');
    expect(html(list)).toContain(`href="${itemUrl()}"`);
    expect((await get('/staff/content/nothing-here')).status).toBe(404);
  });

  it("draws an item's form from its schema: inputs, textareas, hints, a fixed id", async () => {
    const page = html(await get(itemUrl()));
    expect(page).toMatch(/<textarea[^>]*name="quote"/);
    expect(page).toMatch(/<input[^>]*name="author"/);
    expect(control(page, 'order')).toContain('type="number"');
    expect(control(page, 'id').toLowerCase()).toContain('readonly=""');
    expect(page).toContain('Position (optional)');
    expect(page).toContain('The testimonial quote, without quotation marks');
    const showcase = html(await get('/staff/content/showcase'));
    const category = /href="(\/staff\/content\/showcase\/items\/[^"]+)"/.exec(showcase)![1]!;
    const form = html(await get(category));
    expect(form).toMatch(/<select[^>]*name="icon"/);
    expect(form).toMatch(/<fieldset[^>]*><legend[^>]*>Items 1<\/legend>/);
    expect(form).toMatch(/name="items\.1\.outcome"/);
    const services = html(await get('/staff/content/services/items/media-relations'));
    expect(services).toMatch(/<textarea[^>]*name="deliverables"/);
  });

  it('refuses an invalid save with the message beside its field and the typed text kept', async () => {
    const res = await post(itemUrl(), {
      intent: 'save',
      baseRelease: '1',
      seenVersion: '',
      id: first.id,
      order: '1',
      quote: '   ',
      author: 'Typed Author Kept',
    });
    expect(res.status).toBe(400);
    const page = html(res);
    expect(control(page, 'quote')).toContain(
      'aria-describedby="field-quote-hint field-quote-error"',
    );
    expect(control(page, 'quote')).toContain('aria-invalid="true"');
    expect(page).toMatch(/id="field-quote-error"[^>]*><li>.*must not be empty/);
    expect(page).toContain('value="Typed Author Kept"');
    expect(await t.drafts.get('testimonials.yaml', first.id)).toBeNull();
  });

  it('saves a draft the site does not show, recorded in the audit log by id only', async () => {
    const res = await post(itemUrl(), saveOf(MEERAS));
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe(`${itemUrl()}?done=saved`);
    const draft = await t.drafts.get('testimonials.yaml', first.id);
    expect(draft).toMatchObject({ version: 1, baseRelease: 1 });
    expect((await t.content.read())['testimonials.yaml'][0]!.quote).toBe(first.quote);
    const list = html(await get('/staff/content/testimonials'));
    expect(list).toMatch(/Changed<\/span><span[^>]*>draft by Meera Nair/);
    const audit = await t.staff.store.listAudit(5);
    expect(audit[0]).toMatchObject({
      action: 'content-draft-saved',
      detail: `testimonials.yaml/${first.id}`,
    });
    expect(JSON.stringify(audit)).not.toContain('new quote');
  });

  it('answers a stale save with 409: both texts side by side, the typed one kept to save again', async () => {
    expect((await post(itemUrl(), saveOf(MEERAS))).status).toBe(303);
    const stale = saveOf(RAVIS);
    const res = await post(itemUrl(), stale, ravi);
    expect(res.status).toBe(409);
    const page = html(res);
    expect(page).toContain('Meera Nair saved a newer draft of this item');
    expect(page).toContain(MEERAS);
    expect(page).toMatch(/<textarea[^>]*name="quote"[^>]*>Ravi typed this on a page drawn/);
    expect(page).toContain('Save mine anyway');
    expect(page).toMatch(/name="seenVersion" value="1"/);
    expect((await t.drafts.get('testimonials.yaml', first.id))?.version).toBe(1);
    const again = await post(itemUrl(), { ...stale, seenVersion: '1' }, ravi);
    expect(again.status).toBe(303);
    expect((await t.drafts.get('testimonials.yaml', first.id))?.value).toMatchObject({
      quote: stale.quote,
    });
  });

  it('publishes the chosen draft as a release, then shows it in history with a field diff', async () => {
    await bothSave();
    const page = html(await get('/staff/content/publish'));
    expect(page).toContain('Changes Quote');
    expect(page).toContain('Ravi Kumar');
    const ref = /name="draft" value="([^"]+)"/.exec(page)![1]!;
    const none = await post('/staff/content/publish', { intent: 'chosen', note: 'kept note' });
    expect(none.status).toBe(400);
    expect(html(none)).toContain('Choose at least one draft to publish.');
    expect(html(none)).toContain('value="kept note"');
    const res = await post('/staff/content/publish', { intent: 'chosen', draft: ref, note: 'q' });
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe('/staff/content/history?published=2');
    expect((await t.content.read())['testimonials.yaml'][0]!.quote).toMatch(/^Ravi typed/);
    expect(await t.drafts.list()).toEqual([]);
    const history = html(await get('/staff/content/history?published=2'));
    expect(history).toContain('Published release 2.');
    expect(history).toMatch(/Release 2<\/span> by Meera Nair/);
    const diff = html(
      await get(`/staff/content/history?item=testimonials.yaml/${first.id}&from=1&to=2`),
    );
    expect(diff).toContain(first.quote);
    expect(diff).toContain(RAVIS);
    expect(diff).not.toMatch(/<th scope="row"[^>]*>Author</);
    const audit = await t.staff.store.listAudit(1);
    expect(audit[0]).toMatchObject({ action: 'content-published', detail: 'release 2, 1 items' });
  });

  it('restores an old version as a new draft, the history kept', async () => {
    expect((await publishRavis()).status).toBe(303);
    const res = await post('/staff/content/history', {
      item: `testimonials.yaml/${first.id}`,
      release: '1',
    });
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe(`${itemUrl()}?done=restored`);
    expect((await t.drafts.get('testimonials.yaml', first.id))?.value).toMatchObject({
      quote: first.quote,
    });
    expect(await t.content.latest()).toBe(2);
    await t.drafts.discard('testimonials.yaml', first.id);
  });

  it('adds a new item at the end and moves items with plain posts', async () => {
    const count = (await t.content.read())['testimonials.yaml'].length;
    const form = html(await get('/staff/content/testimonials/new'));
    expect(control(form, 'order')).toContain(`value="${count + 1}"`);
    expect(control(form, 'id').toLowerCase()).not.toContain('readonly');
    const res = await post('/staff/content/testimonials/new', {
      intent: 'save',
      id: 'a-new-voice',
      order: String(count + 1),
      quote: 'A brand new testimonial.',
      author: 'New Client',
      position: '',
    });
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe(
      '/staff/content/testimonials/items/a-new-voice?done=saved',
    );
    const moved = await post('/staff/content/testimonials', { intent: 'up', key: 'a-new-voice' });
    expect(moved.status).toBe(303);
    const preview = await t.drafts.contentWithDrafts(await t.drafts.list());
    const ids = preview['testimonials.yaml'].map((x) => x.id);
    expect(ids.indexOf('a-new-voice')).toBe(count - 1);
    const list = html(await get('/staff/content/testimonials'));
    expect(list).toMatch(/A brand new testimonial|New Client/);
    expect(list).toContain('>New</span>');
  });

  it('draws rich text in a diff as the page does, and names a change of formatting only', async () => {
    const content = await t.content.read();
    const [founder] = content['founder.yaml'];
    const bio = founder!.bio;
    const [para] = bio.content as RichTextParagraph[];
    const words = para!.content![0]!.text;
    const bolder: RichTextDoc = {
      ...bio,
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: words, marks: [{ type: 'bold' }] }] },
        ...bio.content.slice(1),
      ],
    };
    const before = await t.content.latest();
    const release = await t.content.publish(
      { ...content, 'founder.yaml': [{ ...founder!, bio: bolder }] },
      { author: 'test' },
    );
    const diff = html(
      await get(
        `/staff/content/history?item=founder.yaml/${founder!.id}&from=${before}&to=${release!.number}`,
      ),
    );
    expect(diff).toContain('Only the formatting changed');
    // The first words have no character HTML escapes.
    expect(diff).toContain(`<strong>${words.slice(0, 20)}`);
    await t.content.publish(content, { author: 'test' });
  });
});
