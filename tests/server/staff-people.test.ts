/**
 * `/staff/people` over HTTP as the browser uses it (docs/decisions/053-staff-roles.md): only an
 * owner sees it (an editor gets the 403 page naming both roles, for the page and its posts, and no
 * link to it); an owner changes roles with plain posts, never demoting the last owner, and invites
 * with a role, each change in the audit log under the owner's account; a role change applies at
 * the person's next request.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffTestApp, type Signed, type StaffTestApp } from './support/staff-app.ts';

describe('the people page', () => {
  let t: StaffTestApp;
  let owner: Signed;
  let editor: Signed;
  let ownerId = '';
  let editorId = '';
  beforeAll(async () => {
    t = await createStaffTestApp();
    // The first invite makes an owner, the next an editor (src/server/staff/invites.ts).
    owner = await t.enrol(await t.invite('meera@kahaani-pr.example', 'Meera Nair'));
    editor = await t.enrol(await t.invite('dev@kahaani-pr.example', 'Dev Rao'));
    ownerId = (await t.staff.store.findStaffByEmail('meera@kahaani-pr.example'))?.id ?? '';
    editorId = (await t.staff.store.findStaffByEmail('dev@kahaani-pr.example'))?.id ?? '';
  });
  afterAll(() => t.close());

  const get = (cookie: string) => request(t.app).get('/staff/people').set('Cookie', cookie);
  const post = (body: Record<string, string>, cookie = owner.cookie) =>
    t.post('/staff/people', body, cookie);
  const role = async (id: string) => (await t.staff.store.getStaff(id))?.role;

  it('is refused to an editor with the 403 page, for the page and its posts', async () => {
    const page = await get(editor.cookie);
    expect(page.status).toBe(403);
    expect(page.text).toContain('Not for your role');
    expect(page.text).toContain('This needs an account that is an owner; yours is an editor.');
    // The navigation offers an editor no link to it.
    const inbox = await request(t.app).get('/staff').set('Cookie', editor.cookie);
    expect(inbox.status).toBe(200);
    expect(inbox.text).not.toContain('href="/staff/people"');

    const tried = await post({ intent: 'role', staffId: editorId, role: 'owner' }, editor.cookie);
    expect(tried.status).toBe(403);
    expect(await role(editorId)).toBe('editor');
    const invited = await post(
      { intent: 'invite', email: 'x@kahaani-pr.example', name: 'X', role: 'owner' },
      editor.cookie,
    );
    expect(invited.status).toBe(403);
    expect(await t.staff.store.findStaffByEmail('x@kahaani-pr.example')).toBeNull();
  });

  it('lists every account with its role for an owner, linked from the navigation', async () => {
    const page = await get(owner.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/staff/people"');
    expect(page.text).toMatch(/<label[^>]*for="role-[\w-]+"[^>]*>Role of <!-- -->Dev Rao<\/label>/);
    expect(page.text).toContain('Meera Nair<!-- --> (you)');
    const select = new RegExp(`<select id="role-${editorId}"[^>]*>(.*?)</select>`).exec(page.text);
    expect(select?.[1]).toContain('<option value="editor" selected="">');
  });

  it('changes a role with a plain post, recorded, applied at the next request', async () => {
    const before = (await t.staff.store.listAudit(1000)).length;
    const saved = await post({ intent: 'role', staffId: editorId, role: 'owner' });
    expect(saved.status).toBe(303);
    expect(saved.headers['location']).toBe('/staff/people?done=role');
    expect(await role(editorId)).toBe('owner');
    const lines = await t.staff.store.listAudit(1000);
    expect(lines.length).toBe(before + 1);
    expect(lines[0]).toMatchObject({
      staffId: ownerId,
      action: 'staff-role-changed',
      detail: `account ${editorId}, editor to owner`,
    });
    // Dev's session did not change; his next request has the new role.
    expect((await get(editor.cookie)).status).toBe(200);
    const done = await request(t.app).get('/staff/people?done=role').set('Cookie', owner.cookie);
    expect(done.text).toContain('Role saved.');
    // Dev, an owner now, gives it up himself: back to the inbox, not to a page he may not see.
    const own = await post({ intent: 'role', staffId: editorId, role: 'editor' }, editor.cookie);
    expect(own.status).toBe(303);
    expect(own.headers['location']).toBe('/staff');
    expect(await role(editorId)).toBe('editor');
  });

  it('never demotes the last owner: the refusal beside the select, the choice kept', async () => {
    const before = (await t.staff.store.listAudit(1000)).length;
    const refused = await post({ intent: 'role', staffId: ownerId, role: 'publisher' });
    expect(refused.status).toBe(409);
    expect(await role(ownerId)).toBe('owner');
    const id = `role-${ownerId}`;
    expect(refused.text).toContain(`aria-describedby="${id}-error"`);
    expect(refused.text).toMatch(new RegExp(`<p id="${id}-error"[^>]*>This is the last owner`));
    const select = new RegExp(`<select id="${id}"[^>]*>(.*?)</select>`).exec(refused.text);
    expect(select?.[1]).toContain('<option value="publisher" selected="">');
    expect((await t.staff.store.listAudit(1000)).length).toBe(before);
    expect((await post({ intent: 'role', staffId: ownerId, role: 'boss' })).status).toBe(400);
  });

  it('invites with a role: errors beside the fields and the typed text kept, then a link', async () => {
    const bad = await post({ intent: 'invite', email: 'not-an-address', name: '', role: 'boss' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('value="not-an-address"');
    for (const field of ['invite-email', 'invite-name', 'invite-role']) {
      expect(bad.text).toContain(`aria-describedby="${field}-error"`);
      expect(bad.text).toMatch(new RegExp(`<p id="${field}-error"`));
    }

    const ok = await post({
      intent: 'invite',
      email: 'ira@kahaani-pr.example',
      name: 'Ira Sen',
      role: 'publisher',
    });
    expect(ok.status).toBe(200);
    expect(ok.text.replaceAll('<!-- -->', '')).toContain('Invited Ira Sen as a publisher.');
    const link = /http:\/\/localhost:3000\/staff\/invite\?token=([\w-]{43})/.exec(ok.text);
    expect(link).not.toBeNull();
    const ira = await t.staff.store.findStaffByEmail('ira@kahaani-pr.example');
    expect(ira?.role).toBe('publisher');
    // Offered to the outbox as the CLI's are; without SMTP the page says to pass it on.
    expect(t.inbox.calls.at(-1)).toMatchObject({
      method: 'enqueueInviteEmail',
      args: ['ira@kahaani-pr.example', '(link)', expect.any(Number)],
    });
    expect(ok.text).toContain('E-mail is not set up, so give them the link yourself');
    const [line] = await t.staff.store.listAudit(1);
    expect(line).toMatchObject({ staffId: ownerId, action: 'staff-invited' });
    expect(line?.detail).toContain(`account ${ira?.id}, role publisher, expires `);
    // The link enrols her, as a CLI invite's does.
    await t.enrol(link?.[1] ?? '');

    // An existing account keeps its role: another role is refused, said above the form.
    const again = await post({
      intent: 'invite',
      email: 'dev@kahaani-pr.example',
      name: 'Dev',
      role: 'owner',
    });
    expect(again.status).toBe(409);
    expect(again.text).toContain('is already staff, as editor');
    expect(again.text).toContain('value="dev@kahaani-pr.example"');
  });
});
