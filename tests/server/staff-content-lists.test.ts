/**
 * A collection's list under `/staff/content/:collection` as a browser without JavaScript uses it
 * (docs/decisions/130-lists-staff-recognise.md): each row's title, snippet or thumbnail and
 * state; a move to any place (what a drop posts) saved as drafts in the same order the Up and
 * Down buttons make; a removal undone until it is published, and a never-published item's
 * removal undone from the notice that follows it.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/content/collections.ts';
import { createStaffTestApp, type Signed, type StaffTestApp } from './support/staff-app.ts';

const html = (res: request.Response): string => res.text.replaceAll('<!-- -->', '');
const LIST = '/staff/content/testimonials';

describe('the lists staff recognise', () => {
  let t: StaffTestApp;
  let meera: Signed;

  const get = (path: string) => request(t.staffHttp).get(path).set('Cookie', meera.cookie);
  const post = (path: string, body: Record<string, string>) => t.post(path, body, meera);
  const ids = async () => {
    const preview = await t.drafts.contentWithDrafts(await t.drafts.list());
    return preview['testimonials.yaml'].map((x) => x.id);
  };

  beforeEach(async () => {
    t = await createStaffTestApp();
    meera = await t.enrol(await t.invite());
  });
  afterEach(() => t.close());

  it('shows each row with its title, a snippet of its quote and its state', async () => {
    const [first] = (await t.content.read())['testimonials.yaml'];
    const page = html(await get(LIST));
    expect(page).toContain(`>${first!.author}</a>`);
    expect(page).toContain(first!.quote.slice(0, 60));
    expect(page).toContain('>Published</span>');
    const team = html(await get('/staff/content/team'));
    expect(team).toMatch(/<img[^>]*src="[^"]*\/assets\/[^"]*\.svg"[^>]*alt=""/);
  });

  it('draws every collection’s list', async () => {
    for (const { path } of Object.values(COLLECTIONS)) {
      const res = await get(`/staff/content/${path}`);
      expect(res.status, `${path}: ${res.text.slice(0, 400)}`).toBe(200);
    }
  });

  it('names a scheduled item in its row with the time it is published', async () => {
    const [first] = (await t.content.read())['testimonials.yaml'];
    const publishAt = Date.UTC(2099, 0, 1, 3, 30);
    await t.staff.content.schedules.schedule({
      changes: [
        {
          collection: 'testimonials.yaml',
          key: first!.id,
          position: 0,
          body: JSON.stringify({ ...first, quote: 'Later' }),
        },
      ],
      label: 'Testimonial',
      publishAt,
      author: 'Meera Nair',
    });
    expect(html(await get(LIST))).toMatch(/Scheduled for [^<]*2099/);
  });

  it('moves an item to any place as a drop posts it, in the order Up would make', async () => {
    const before = await ids();
    expect(before.length).toBeGreaterThan(2);
    const res = await post(LIST, { intent: 'move', key: before[0]!, to: '2' });
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe(LIST);
    const moved = [before[1], before[2], before[0], ...before.slice(3)];
    expect(await ids()).toEqual(moved);
    // Two steps back up with the no-JavaScript buttons give the first order again.
    expect((await post(LIST, { intent: 'up', key: before[0]! })).status).toBe(303);
    expect((await post(LIST, { intent: 'up', key: before[0]! })).status).toBe(303);
    expect(await ids()).toEqual(before);
    expect((await post(LIST, { intent: 'move', key: before[0]!, to: 'x' })).status).toBe(400);
  });

  it('removes an item as a draft and undoes it: the notice offers Undo, the item is back', async () => {
    const [first] = (await t.content.read())['testimonials.yaml'];
    const removed = await post(LIST, { intent: 'remove', key: first!.id });
    expect(removed.status).toBe(303);
    expect(removed.headers['location']).toBe(`${LIST}?removed=${first!.id}`);
    expect((await t.drafts.get('testimonials.yaml', first!.id))?.removed).toBe(true);
    const notice = html(await get(removed.headers['location']!));
    expect(notice).toContain(
      `“${first!.author}” will be removed from the site at the next publish`,
    );
    expect(notice).toMatch(/<button[^>]*value="undo"[^>]*name="intent">Undo<\/button>/);
    expect(notice).toContain('Removed at the next publish');

    const undone = await post(LIST, { intent: 'undo', key: first!.id });
    expect(undone.status).toBe(303);
    expect(undone.headers['location']).toBe(`${LIST}?restored=${first!.id}`);
    expect(await t.drafts.get('testimonials.yaml', first!.id)).toBeNull();
    const back = html(await get(undone.headers['location']!));
    expect(back).toContain(`“${first!.author}” is back in the list, as published.`);
    expect(back).not.toContain('Removed at the next publish');
    const audit = await t.staff.store.listAudit(1);
    expect(audit[0]).toMatchObject({
      action: 'content-draft-discarded',
      detail: `testimonials.yaml/${first!.id}`,
    });
  });

  it('removes a never-published item at once and its Undo puts the same draft back', async () => {
    const count = (await t.content.read())['testimonials.yaml'].length;
    const typed = {
      intent: 'save',
      id: 'a-voice-never-published',
      order: String(count + 1),
      quote: 'Words nobody has published yet.',
      author: 'A New Client',
      position: '',
    };
    expect((await post(`${LIST}/new`, typed)).status).toBe(303);
    const saved = await t.drafts.get('testimonials.yaml', typed.id);
    expect(saved?.value).toMatchObject({ quote: typed.quote });

    const removed = await post(LIST, { intent: 'remove', key: typed.id });
    expect(removed.status).toBe(200);
    expect(await t.drafts.get('testimonials.yaml', typed.id)).toBeNull();
    const notice = html(removed);
    expect(notice).toContain(`“${typed.author}” was never published and is removed.`);
    const value = /<input type="hidden" name="value" value="([^"]*)"/.exec(notice)?.[1];
    expect(value).toBeDefined();
    const unescaped = value!.replaceAll('&quot;', '"').replaceAll('&amp;', '&');

    const undone = await post(LIST, { intent: 'restore', key: typed.id, value: unescaped });
    expect(undone.status).toBe(303);
    expect(undone.headers['location']).toBe(`${LIST}?restored=${typed.id}`);
    expect((await t.drafts.get('testimonials.yaml', typed.id))?.value).toEqual(saved?.value);
    expect(html(await get(undone.headers['location']!))).toContain(
      `“${typed.author}” is back in the list, as a draft.`,
    );
    // Once back, a second Undo of the same removal is refused, and so is a value that is none.
    const again = await post(LIST, { intent: 'restore', key: typed.id, value: unescaped });
    expect(again.status).toBe(409);
    const bad = await post(LIST, { intent: 'restore', key: 'other-key', value: 'not json' });
    expect(bad.status).toBe(409);
  });

  it('undoes the removal of a moved item back to its moved place, not the published one', async () => {
    const before = await ids();
    expect((await post(LIST, { intent: 'move', key: before[0]!, to: '2' })).status).toBe(303);
    const dragged = await ids();
    expect((await post(LIST, { intent: 'remove', key: before[0]! })).status).toBe(303);
    expect(await ids()).not.toContain(before[0]);
    expect((await post(LIST, { intent: 'undo', key: before[0]! })).status).toBe(303);
    expect(await ids()).toEqual(dragged);
    expect((await t.drafts.get('testimonials.yaml', before[0]!))?.removed).toBe(false);
  });

  it('refuses an undo when nothing waits to be removed', async () => {
    const [first] = (await t.content.read())['testimonials.yaml'];
    const res = await post(LIST, { intent: 'undo', key: first!.id });
    expect(res.status).toBe(409);
    expect(html(res)).toContain('That item is not waiting to be removed');
  });
});
