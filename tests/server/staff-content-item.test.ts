/**
 * The item page's own actions over HTTP, as a browser without JavaScript posts them
 * (`src/staff/routes/content-item.tsx`): Save draft, Preview (the draft on the public page that
 * shows the item, a case study's own page), Publish this item for a publisher (the draft alone
 * as a release, in the audit log), refused to an editor, who is not offered it; the history
 * naming the items as the lists do, never by their keys.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemSchemaOf } from '../../src/server/content/items.ts';
import { formFields, formValues } from '../../src/staff/content-form.server.ts';
import { createStaffTestApp, type Signed, type StaffTestApp } from './support/staff-app.ts';

const html = (res: request.Response): string => res.text.replaceAll('<!-- -->', '');

describe('the item page: save, preview and publish beside the form', () => {
  let t: StaffTestApp;
  let owner: Signed;
  let editor: Signed;
  let first: { id: string; order: number; quote: string; author: string };
  const itemUrl = () => `/staff/content/testimonials/items/${first.id}`;

  const get = (path: string, who: Signed) =>
    request(t.staffHttp).get(path).set('Cookie', who.cookie);
  const post = (body: Record<string, string>, who: Signed) =>
    request(t.staffHttp)
      .post(itemUrl())
      .set('Origin', t.origin)
      .set('Cookie', who.cookie)
      .type('form')
      .send(body);
  const form = (quote: string, intent: string, base = '1') => ({
    baseRelease: base,
    seenVersion: '',
    id: first.id,
    order: String(first.order),
    quote,
    author: first.author,
    intent,
  });

  beforeAll(async () => {
    t = await createStaffTestApp();
    // The first account made is an owner (a publisher too), the second an editor.
    owner = await t.enrol(await t.invite());
    editor = await t.enrol(await t.invite('ravi@kahaani-pr.example', 'Ravi Kumar'));
    first = (await t.content.read())['testimonials.yaml'][0]!;
  });
  afterAll(() => t.close());

  it('offers an editor Save draft and Preview, but not Publish, which it refuses', async () => {
    const page = html(await get(itemUrl(), editor));
    expect(page).toMatch(/<button[^>]*value="save"[^>]*name="intent">Save draft</);
    expect(page).toMatch(/<button[^>]*value="preview"[^>]*name="intent">Preview</);
    expect(page).not.toContain('Publish this item');
    const res = await post(form('An editor tries to publish.', 'publish'), editor);
    expect(res.status).toBe(403);
    expect(await t.drafts.get('testimonials.yaml', first.id)).toBeNull();
    expect((await t.content.read())['testimonials.yaml'][0]!.quote).toBe(first.quote);
  });

  it('Preview saves the draft and opens it on the public page that shows the item', async () => {
    const res = await post(form('A quote to look at first.', 'preview'), editor);
    expect(res.status, res.text).toBe(303);
    const to = new URL(res.headers['location']!);
    expect(to.pathname).toBe('/');
    expect(to.searchParams.get('preview')).toBeTruthy();
    expect((await t.drafts.get('testimonials.yaml', first.id))?.value).toMatchObject({
      quote: 'A quote to look at first.',
    });
    const site = await request(t.app).get(`${to.pathname}${to.search}`);
    expect(site.status).toBe(200);
    expect(site.text).toContain('A quote to look at first.');
    await t.drafts.discard('testimonials.yaml', first.id);
  });

  it('Preview of a case study opens its own page, at the slug the draft gives it', async () => {
    const study = (await t.content.read())['case-studies.yaml'][0]!;
    const fields = formFields(itemSchemaOf('case-studies.yaml', study.id), study, false);
    const body = {
      ...formValues(fields, study),
      baseRelease: String(await t.content.latest()),
      seenVersion: '',
      title: 'Sneakers for the client to see first',
      slug: 'sneakers-for-the-client',
      intent: 'preview',
    };
    const res = await request(t.staffHttp)
      .post(`/staff/content/case-studies/items/${study.id}`)
      .set('Origin', t.origin)
      .set('Cookie', editor.cookie)
      .type('form')
      .send(body);
    expect(res.status, res.text).toBe(303);
    const to = new URL(res.headers['location']!);
    expect(to.pathname).toBe('/showcase/sneakers-for-the-client');
    // Not approved by the client yet: it may be previewed, only its publish waits for that.
    const site = await request(t.app).get(`${to.pathname}${to.search}`);
    expect(site.status).toBe(200);
    expect(html(site)).toContain('Sneakers for the client to see first');
    expect((await request(t.app).get(to.pathname)).status).toBe(404);
    await t.drafts.discard('case-studies.yaml', study.id);
  });

  it('Publish this item refuses a case study without the client’s approval in editors’ words', async () => {
    const study = (await t.content.read())['case-studies.yaml'][0]!;
    const fields = formFields(itemSchemaOf('case-studies.yaml', study.id), study, false);
    const res = await request(t.staffHttp)
      .post(`/staff/content/case-studies/items/${study.id}`)
      .set('Origin', t.origin)
      .set('Cookie', owner.cookie)
      .type('form')
      .send({
        ...formValues(fields, study),
        baseRelease: String(await t.content.latest()),
        seenVersion: '',
        approvedBy: '',
        approvedOn: '',
        title: 'Sneakers, not approved yet',
        intent: 'publish',
      });
    expect(res.status).toBe(400);
    const page = html(res);
    expect(page).toContain(
      '“Sneakers, not approved yet” (Case studies), Approved by: A case study is published only with the client’s approval: enter who approved it and when',
    );
    expect(page).not.toContain('case-studies.yaml item');
    expect((await t.drafts.get('case-studies.yaml', study.id))?.value).toMatchObject({
      title: 'Sneakers, not approved yet',
    });
    expect((await t.content.read())['case-studies.yaml'][0]!.title).toBe(study.title);
    await t.drafts.discard('case-studies.yaml', study.id);
  });

  it('Publish this item refuses a case study at another’s web address, naming both', async () => {
    const [study, other] = (await t.content.read())['case-studies.yaml'];
    const fields = formFields(itemSchemaOf('case-studies.yaml', other!.id), other, false);
    const res = await request(t.staffHttp)
      .post(`/staff/content/case-studies/items/${other!.id}`)
      .set('Origin', t.origin)
      .set('Cookie', owner.cookie)
      .type('form')
      .send({
        ...formValues(fields, other),
        baseRelease: String(await t.content.latest()),
        seenVersion: '',
        slug: study!.slug,
        approvedBy: 'R. Mehta, founder',
        approvedOn: '2026-11-30',
        intent: 'publish',
      });
    expect(res.status).toBe(400);
    expect(html(res)).toContain(
      `“${other!.title}” (Case studies), Web address: ${study!.slug} is already the web address of “${study!.title}”: each needs its own`,
    );
    expect(await t.content.latest()).toBe(1);
    await t.drafts.discard('case-studies.yaml', other!.id);
  });

  it('Publish this item saves it and publishes it alone, as a release in the audit log', async () => {
    expect(html(await get(itemUrl(), owner))).toMatch(
      /<button[^>]*value="publish"[^>]*name="intent">Publish this item</,
    );
    const res = await post(form('Published from the item page.', 'publish'), owner);
    expect(res.status, res.text).toBe(303);
    expect(res.headers['location']).toBe(`${itemUrl()}?done=published&release=2`);
    expect(await t.content.latest()).toBe(2);
    expect((await t.content.read())['testimonials.yaml'][0]!.quote).toBe(
      'Published from the item page.',
    );
    expect(await t.drafts.list()).toEqual([]);
    const page = html(await get(res.headers['location']!, owner));
    expect(page).toContain('Published in release 2: the site shows it within a few seconds.');
    const [audit] = await t.staff.store.listAudit(1);
    expect(audit).toMatchObject({ action: 'content-published', detail: 'release 2, 1 items' });
  });

  it('the history names the item as the list does, not by its key', async () => {
    const page = html(await get('/staff/content/history', owner));
    expect(page).toContain(`Testimonials: ${first.author}`);
    expect(page).not.toContain(`Testimonials: ${first.id}`);
  });
});
