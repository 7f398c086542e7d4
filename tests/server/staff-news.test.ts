/**
 * Editing the newsroom in the staff area as case studies are edited
 * (docs/decisions/110-the-newsroom-and-its-feeds.md): its list names every item by its
 * headline, an item's form draws its fields in editors' words, Preview opens the item's own page
 * at the slug the draft gives it, and Publish this item puts the change live.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { itemSchemaOf } from '../../src/server/content/items.ts';
import { formFields, formValues } from '../../src/staff/content-form.server.ts';
import { createStaffTestApp, type Signed, type StaffTestApp } from './support/staff-app.ts';

const html = (res: request.Response): string => res.text.replaceAll('<!-- -->', '');

describe('the newsroom in the staff area', () => {
  let t: StaffTestApp;
  let owner: Signed;

  beforeAll(async () => {
    t = await createStaffTestApp();
    owner = await t.enrol(await t.invite());
  });
  afterAll(() => t.close());

  const item = async () => (await t.content.read())['news.yaml'][0]!;
  const post = async (intent: string, changes: Record<string, string>) => {
    const news = await item();
    const fields = formFields(itemSchemaOf('news.yaml', news.id), news, false);
    return request(t.staffHttp)
      .post(`/staff/content/news/items/${news.id}`)
      .set('Origin', t.origin)
      .set('Cookie', owner.cookie)
      .type('form')
      .send({
        ...formValues(fields, news),
        baseRelease: String(await t.content.latest()),
        seenVersion: '',
        ...changes,
        intent,
      });
  };

  it('lists every item by its headline and draws an item’s form in editors’ words', async () => {
    const list = html(
      await request(t.staffHttp).get('/staff/content/news').set('Cookie', owner.cookie),
    );
    for (const news of (await t.content.read())['news.yaml']) {
      expect(list).toContain(news.title.replaceAll("'", '&#x27;').slice(0, 60));
    }
    const news = await item();
    const form = html(
      await request(t.staffHttp)
        .get(`/staff/content/news/items/${news.id}`)
        .set('Cookie', owner.cookie),
    );
    for (const label of ['Headline', 'Web address', 'Kind', 'Date', 'Author', 'Full text']) {
      expect(form, label).toMatch(
        new RegExp(`>${label}(?: \\(optional\\))?</label>|>${label}</legend>`),
      );
    }
    expect(form).toContain('>Media contact (optional)</label>');
    expect(form).toContain('>Press release<');
  });

  it('Preview opens the item’s own page at the draft’s slug; Publish this item puts it live', async () => {
    const preview = await post('preview', {
      title: 'Neel opens six stores',
      slug: 'neel-six-stores',
    });
    expect(preview.status, preview.text).toBe(303);
    const to = new URL(preview.headers['location']!);
    expect(to.pathname).toBe('/news/neel-six-stores');
    const shown = await request(t.app).get(`${to.pathname}${to.search}`);
    expect(shown.status).toBe(200);
    expect(html(shown)).toContain('Neel opens six stores');

    const published = await post('publish', {
      title: 'Neel opens six stores',
      slug: 'neel-six-stores',
    });
    expect(published.status, published.text).toBe(303);
    await vi.waitFor(
      async () => expect((await request(t.app).get('/news/neel-six-stores')).status).toBe(200),
      { timeout: 30_000, interval: 100 },
    );
    const old = await request(t.app)
      .get('/news/neel-footwear-opens-stores-in-six-cities')
      .redirects(0);
    expect(old.status).toBe(301);
    expect(old.headers['location']).toBe('/news/neel-six-stores');
  });
});
