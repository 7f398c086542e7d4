/**
 * Previews, share links and schedules from `/staff/content/publish` over HTTP as a browser
 * without JavaScript uses them (docs/decisions/054-previews-and-share-links.md,
 * docs/decisions/055-scheduled-publishing.md), an owner and an editor signed in with software
 * passkeys: the editor previews a draft on the real page and shares it, the link shows the draft
 * until revoked (then 404) and is listed without its token; the editor can neither publish nor
 * schedule; the owner schedules (drafts leave, the schedule is listed) and cancels (the drafts
 * come back, nothing lost); a time in the past is refused with a message.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/staff/format.ts';
import { createStaffTestApp, type Signed, type StaffTestApp } from './support/staff-app.ts';

const html = (res: request.Response): string => res.text.replaceAll('<!-- -->', '');

describe('previews, share links and schedules', () => {
  let t: StaffTestApp;
  let owner: Signed;
  let editor: Signed;
  let first: { id: string };
  const quote = 'A draft quote for the client to see first';

  const get = (path: string, who?: Signed) => {
    const req = request(t.staffHttp).get(path);
    return who ? req.set('Cookie', who.cookie) : req;
  };
  const post = (path: string, body: Record<string, string | string[]>, who: Signed) =>
    t.post(path, body, who);
  const ref = async (who: Signed) =>
    /name="draft" value="([^"]+)"/.exec(html(await get('/staff/content/publish', who)))?.[1] ?? '';
  const pathOf = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search;
  };

  beforeAll(async () => {
    t = await createStaffTestApp();
    owner = await t.enrol(await t.invite());
    editor = await t.enrol(await t.invite('ravi@kahaani-pr.example', 'Ravi Kumar'));
    const entry = (await t.content.read())['testimonials.yaml'][0]!;
    first = entry;
    const saved = await post(
      `/staff/content/testimonials/items/${entry.id}`,
      {
        intent: 'save',
        baseRelease: '1',
        seenVersion: '',
        id: entry.id,
        order: String(entry.order),
        quote,
        author: entry.author,
        position: entry.position ?? '',
      },
      editor,
    );
    expect(saved.status).toBe(303);
  });
  afterAll(() => t.close());

  it('previews the chosen draft on the real page, uncached', async () => {
    const made = await post(
      '/staff/content/publish',
      { intent: 'preview', draft: await ref(editor), page: '/' },
      editor,
    );
    expect(made.status).toBe(303);
    const location = made.headers['location']!;
    expect(location).toMatch(/\/\?preview=[\w-]{43}$/);
    const page = await get(pathOf(location));
    expect(page.status).toBe(200);
    expect(page.text).toContain(quote);
    expect(page.text).toContain('Preview — not published.');
    expect(page.headers['cache-control']).toBe('no-store');
    expect((await get('/')).text).not.toContain(quote);
  });

  it('makes a share link that works until revoked, listed without its token', async () => {
    const made = await post(
      '/staff/content/publish',
      { intent: 'share', draft: await ref(editor), page: '/', term: '1' },
      editor,
    );
    expect(made.status).toBe(200);
    const link = /href="([^"]*\?preview=[\w-]{43})"/.exec(html(made))?.[1];
    expect(link).toBeDefined();
    expect(html(made)).toContain('Share link');
    expect((await get(pathOf(link!))).text).toContain(quote);
    const list = html(await get('/staff/content/previews', editor));
    const token = new URL(link!).searchParams.get('preview')!;
    expect(list).not.toContain(token);
    const id = /name="id" value="([\w-]{16})"/.exec(list)?.[1];
    expect(id).toBeDefined();
    const revoked = await post('/staff/content/previews', { id: id! }, editor);
    expect(revoked.status).toBe(303);
    const gone = await get(pathOf(link!));
    expect(gone.status).toBe(404);
    expect(gone.text).toContain('This preview link does not work');
    expect(html(await get('/staff/content/previews', editor))).toContain('Revoked');
  });

  it('lets an editor neither publish nor schedule', async () => {
    const draft = await ref(editor);
    const page = html(await get('/staff/content/publish', editor));
    expect(page).not.toContain('Publish the chosen drafts');
    expect(page).not.toContain('Schedule the chosen drafts');
    for (const intent of ['chosen', 'schedule']) {
      const res = await post(
        '/staff/content/publish',
        { intent, draft, publishAt: '2099-01-01T09:00' },
        editor,
      );
      expect(res.status, intent).toBe(403);
    }
    expect(await t.drafts.get('testimonials.yaml', first.id)).not.toBeNull();
  });

  it('schedules drafts out of the drafts, refuses a past time, and cancels them back', async () => {
    const draft = await ref(owner);
    const past = await post(
      '/staff/content/publish',
      { intent: 'schedule', draft, publishAt: '2001-01-01T09:00' },
      owner,
    );
    expect(past.status).toBe(400);
    expect(html(past)).toContain('Give a date and time in the future');
    const scheduled = await post(
      '/staff/content/publish',
      { intent: 'schedule', draft, publishAt: '2099-01-01T09:00' },
      owner,
    );
    expect(scheduled.status).toBe(303);
    expect(await t.drafts.get('testimonials.yaml', first.id)).toBeNull();
    const listed = html(await get('/staff/content/publish', owner));
    expect(listed).toContain('Scheduled releases');
    const id = /name="schedule" value="([\w-]{16})"/.exec(listed)?.[1];
    expect(id).toBeDefined();
    // 09:00 India time is what the person typed, shown back in the staff's time format.
    expect(listed).toContain(formatDateTime(Date.parse('2099-01-01T03:30:00Z')));
    const cancelled = await post(
      '/staff/content/publish',
      { intent: 'cancel-schedule', schedule: id! },
      owner,
    );
    expect(cancelled.status).toBe(303);
    const back = await t.drafts.get('testimonials.yaml', first.id);
    expect((back?.value as { quote?: string } | undefined)?.quote).toBe(quote);
  });
});
