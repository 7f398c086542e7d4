/**
 * Every staff action lands in the audit log — who, what, when, which enquiry — and no line holds
 * an enquiry's text or a person's address (docs/decisions/027-passkeys-and-staff-sessions.md).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftPasskey } from '../support/soft-authenticator.ts';
import {
  createStaffTestApp,
  setCookie,
  type Signed,
  type StaffTestApp,
} from './support/staff-app.ts';

const EMAIL = 'neha.private@example.com';
const MESSAGE = 'Our confidential launch plan';

describe('the audit log', () => {
  let t: StaffTestApp;
  let me: Signed;
  let staffId: string;
  beforeAll(async () => {
    t = await createStaffTestApp();
    t.inbox.add({ id: 'e-new', email: EMAIL, message: MESSAGE, name: 'Neha Private' });
    t.inbox.add({ id: 'e-held', email: EMAIL, message: MESSAGE, status: 'held' });
    me = await t.enrol(await t.invite());
    staffId = (await t.staff.store.findStaffByEmail('meera@kahaani-pr.example'))?.id ?? '';
  });
  afterAll(() => t.close());

  const post = (
    path: string,
    body: Record<string, string>,
    cookie = me.cookie,
    origin = t.origin,
  ) => t.post(path, body, cookie, origin);

  it('records each action with the actor, the enquiry and nothing personal', async () => {
    const step = async (what: () => Promise<unknown>, expected: Array<[string, string | null]>) => {
      const before = (await t.staff.store.listAudit(1000)).length;
      await what();
      const lines = (await t.staff.store.listAudit(1000)).slice(0, -before || undefined).reverse();
      expect(lines.map((l) => [l.action, l.enquiryId])).toEqual(expected);
      for (const line of lines) expect(line.staffId).toBe(staffId);
      return lines;
    };

    await step(
      () => request(t.app).get('/staff/enquiries/e-new').set('Cookie', me.cookie),
      [['enquiry-viewed', 'e-new']],
    );
    // Listing the inbox is not an action on one enquiry (the decision record says why).
    await step(() => request(t.app).get('/staff').set('Cookie', me.cookie), []);
    await step(
      () => post('/staff/enquiries/e-new', { intent: 'handled' }),
      [['enquiry-handled', 'e-new']],
    );
    await step(
      () => post('/staff/enquiries/e-new', { intent: 'reopen' }),
      [['enquiry-reopened', 'e-new']],
    );
    await step(
      () => post('/staff/enquiries/e-held', { intent: 'release' }),
      [['enquiry-released', 'e-held']],
    );
    await step(
      () => post('/staff/enquiries/e-held', { intent: 'spam' }),
      [['enquiry-marked-spam', 'e-held']],
    );
    // A refused action (already held) is not recorded as done; the page shown again is a view.
    await step(
      () => post('/staff/enquiries/e-held', { intent: 'spam' }),
      [['enquiry-viewed', 'e-held']],
    );
    const exported = await step(
      () => post('/staff/export', { format: 'csv', q: EMAIL }),
      [['enquiries-exported', null]],
    );
    expect(exported[0]?.detail).toBe('csv, status any, with a search');
    const erased = await step(
      () => post('/staff/erase', { intent: 'confirm', email: EMAIL, understood: 'yes' }),
      [['enquiries-erased', null]],
    );
    expect(erased[0]?.detail).toBe('2 enquiries');

    const phone = new SoftPasskey(t.origin);
    await step(async () => {
      const options = await t.step('/staff/account', { intent: 'options' }, [me.cookie]);
      if (!options.options) throw new Error(`options: ${options.status}`);
      const response = phone.create(options.options, t.rpId);
      await t.step('/staff/account', { intent: 'verify', response }, [
        me.cookie,
        setCookie(options.res, t.cookieNames.ceremony),
      ]);
    }, [['passkey-added', null]]);
    await step(
      () => post('/staff/account', { intent: 'revoke', passkey: phone.id }),
      [['passkey-revoked', null]],
    );
    await step(
      () => t.signIn(me.passkey, undefined, { origin: 'https://evil.example' }),
      [['sign-in-refused', null]],
    );
    const second = setCookie((await t.signIn(me.passkey)).res, t.cookieNames.session) ?? '';
    await step(() => post('/staff/sign-out', {}, second, 'https://evil.example'), []);
    await step(() => post('/staff/sign-out', {}, second), [['sign-out', null]]);
    const everywhere = await step(
      () => post('/staff/account', { intent: 'sign-out-everywhere' }),
      [['sign-out-everywhere', null]],
    );
    expect(everywhere[0]?.detail).toBe('1 sessions');

    const all = await t.staff.store.listAudit(1000);
    expect(all.map((l) => l.action)).toEqual(
      expect.arrayContaining(['staff-invited', 'passkey-added', 'sign-in']),
    );
    expect(all.find((l) => l.action === 'staff-invited')?.staffId).toBeNull();
    const text = JSON.stringify(all);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(MESSAGE);
    expect(text).not.toContain('Neha');
  });
});
