/**
 * The server's {@link StaffServices} for one request: loaders, actions and the browser's RPC calls
 * all go through it, so every way in checks the session and audits alike (`src/staff/services.ts`).
 * Audit lines name enquiries by id, never their text or an address.
 */
import { redirect } from 'react-router';
import { signInPath } from '../../staff/paths.ts';
import type { InboxService } from '../inbox/types.ts';
import type { InviteView, StaffServices, StaffSession } from '../../staff/services.ts';
import { audit, type AuditAction } from './audit.ts';
import { checkInvite } from './invites.ts';
import { countAttempt, retryAfterSeconds } from './limits.ts';
import type { SignedIn } from './sessions.ts';
import type { StaffStore } from './store.ts';

/** Pages of 100 rows the erase preview reads at most to count one address's enquiries. */
const PREVIEW_PAGES = 10;

export interface RequestServicesDeps {
  store: StaffStore;
  inbox: InboxService;
  now: () => number;
  signedIn: SignedIn | null;
  /** The request's session ran out (the sign-in page says so). */
  expired: boolean;
  /** The client address's salted hash, for rate limits. */
  clientKey: string;
  /** Where sign-in sends the person back to. */
  signInUrl: URL;
  /** Deletes the session and clears its cookie. */
  endSession(): Promise<void>;
}

export function requestServices(deps: RequestServicesDeps): StaffServices {
  const { store, inbox, now } = deps;
  const need = (): SignedIn => {
    if (!deps.signedIn) throw redirect(signInPath(deps.signInUrl, deps.expired));
    return deps.signedIn;
  };
  const record = (action: AuditAction, enquiryId: string | null = null, detail = '') =>
    audit(store, now(), need().staff.id, action, enquiryId, detail);

  return {
    session(): Promise<StaffSession> {
      const signed = deps.signedIn;
      return Promise.resolve({
        staff: signed
          ? { id: signed.staff.id, name: signed.staff.name, email: signed.staff.email }
          : null,
        csrfToken: signed?.session.csrfToken ?? null,
        expired: deps.expired,
      });
    },
    async invite(token): Promise<InviteView> {
      const at = now();
      const limit = await countAttempt(store, 'inviteClient', deps.clientKey, at);
      if (!limit.allowed) {
        return { kind: 'rate-limited', retryAfterSeconds: retryAfterSeconds(limit, at) };
      }
      const check = await checkInvite(store, token, at);
      if (check.kind !== 'valid') return { kind: check.kind };
      const { staff, expiresAt } = check.invite;
      return { kind: 'valid', name: staff.name, email: staff.email, expiresAt };
    },
    list(query) {
      need();
      return inbox.list(query);
    },
    async get(id) {
      need();
      const enquiry = await inbox.get(id);
      if (enquiry) await record('enquiry-viewed', id);
      return enquiry;
    },
    async setHandled(id, handled) {
      need();
      const result = await inbox.setHandled(id, handled);
      if (result === 'ok') await record(handled ? 'enquiry-handled' : 'enquiry-reopened', id);
      return result;
    },
    async release(id) {
      need();
      const result = await inbox.release(id);
      if (result === 'released') await record('enquiry-released', id);
      return result;
    },
    async markSpam(id) {
      need();
      const result = await inbox.markSpam(id);
      if (result === 'ok') await record('enquiry-marked-spam', id);
      return result;
    },
    async erasePreview(email) {
      need();
      const wanted = email.trim().toLowerCase();
      let count = 0;
      try {
        for (let page = 1; page <= PREVIEW_PAGES; page++) {
          const found = await inbox.list({ q: email.trim(), page, pageSize: 100 });
          count += found.rows.filter((r) => r.email.toLowerCase() === wanted).length;
          if (page >= found.pages) return count;
        }
      } catch {
        return null;
      }
      return null;
    },
    async erase(email) {
      need();
      const erased = await inbox.erase(email.trim());
      await record('enquiries-erased', null, `${erased} enquiries`);
      return erased;
    },
    health() {
      need();
      return inbox.health();
    },
    async passkeys() {
      const me = need();
      return (await store.listPasskeys(me.staff.id)).map((p) => ({
        id: p.id,
        createdAt: p.createdAt,
        lastUsedAt: p.lastUsedAt,
      }));
    },
    async revokePasskey(id) {
      const me = need();
      const result = await store.deletePasskey(me.staff.id, id);
      if (result === 'ok') await record('passkey-revoked');
      return result;
    },
    async signOut() {
      await record('sign-out');
      await deps.endSession();
    },
    async signOutEverywhere() {
      const me = need();
      const ended = await store.deleteSessionsOf(me.staff.id);
      await record('sign-out-everywhere', null, `${ended} sessions`);
      await deps.endSession();
      return ended;
    },
    async exportFile(format, query) {
      need();
      const file = await inbox.export(format, query);
      await record(
        'enquiries-exported',
        null,
        `${format}, status ${query.status ?? 'any'}${query.q ? ', with a search' : ''}`,
      );
      return file;
    },
  };
}
