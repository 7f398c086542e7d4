/**
 * An in-memory `InboxService` that keeps the contract's rules (statuses and their transitions,
 * newest first, search over name, email, subject and message, paging, CSV cells neutralised, erase
 * by address leaving tombstones), so the staff app's tests run without the store behind it. It
 * records every call, so tests can assert what the app asked for.
 */
import type {
  DeliveryHealth,
  EnquiryStatus,
  ExportFormat,
  InboxEnquiry,
  InboxPage,
  InboxQuery,
  InboxRow,
  InboxService,
} from '../../src/server/inbox/types.ts';

export interface FakeInbox extends InboxService {
  enquiries: Map<string, InboxEnquiry>;
  calls: Array<{ method: string; args: unknown[] }>;
  invites: Array<{ to: string; link: string; expiresAt: number }>;
  /** Adds an enquiry (defaults: new, delivered by e-mail). */
  add(fields: Partial<InboxEnquiry> & { id: string }): InboxEnquiry;
}

const CSV_COLUMNS = ['id', 'receivedAt', 'status', 'name', 'email', 'subject', 'message'] as const;

/** A CSV cell: quoted, and neutralised when it starts with = + - @ tab or CR (OWASP). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function createFakeInbox(options: { smtp?: boolean } = {}): FakeInbox {
  const enquiries = new Map<string, InboxEnquiry>();
  const calls: FakeInbox['calls'] = [];
  const invites: FakeInbox['invites'] = [];
  const log = (method: string, args: unknown[]) => calls.push({ method, args });

  const rowOf = (e: InboxEnquiry): InboxRow => ({
    id: e.id,
    receivedAt: e.receivedAt,
    status: e.status,
    name: e.name,
    email: e.email,
    subject: e.subject,
    excerpt: e.excerpt,
    delivery: e.delivery,
  });
  const matching = (query: Pick<InboxQuery, 'status' | 'q'>): InboxEnquiry[] => {
    const q = query.q?.toLowerCase();
    return [...enquiries.values()]
      .filter((e) => !query.status || e.status === query.status)
      .filter(
        (e) =>
          !q ||
          [e.name, e.email, e.subject, e.message].some((field) => field.toLowerCase().includes(q)),
      )
      .sort((a, b) => b.receivedAt - a.receivedAt || b.id.localeCompare(a.id));
  };

  const fake: FakeInbox = {
    enquiries,
    calls,
    invites,
    add(fields) {
      const message = fields.message ?? 'Hello, we would like to talk about a launch.';
      const enquiry: InboxEnquiry = {
        receivedAt: Date.UTC(2026, 10, 20, 9, 30),
        status: 'new',
        name: 'Asha Verma',
        email: 'asha@example.com',
        subject: 'Product launch in March',
        excerpt: message.slice(0, 160),
        delivery: 'delivered',
        message,
        userAgent: 'Mozilla/5.0',
        privacyNoticeVersion: '2026-11-01',
        spamReason: null,
        handledAt: null,
        releasedAt: null,
        deliveries: [
          { channel: 'email', state: 'delivered', attempts: 1, lastError: null, deliveredAt: 0 },
        ],
        ...fields,
      };
      if (fields.status === 'held' && !fields.deliveries) {
        enquiry.deliveries = [];
        enquiry.delivery = 'none';
        enquiry.spamReason ??= 'honeypot';
      }
      enquiries.set(enquiry.id, enquiry);
      return enquiry;
    },
    list(query: InboxQuery): Promise<InboxPage> {
      log('list', [query]);
      const all = matching(query);
      const pageSize = Math.min(query.pageSize ?? 25, 100);
      const page = query.page ?? 1;
      const rows = all.slice((page - 1) * pageSize, page * pageSize).map(rowOf);
      return Promise.resolve({
        rows,
        total: all.length,
        page,
        pageSize,
        pages: Math.max(1, Math.ceil(all.length / pageSize)),
      });
    },
    get(id) {
      log('get', [id]);
      return Promise.resolve(enquiries.get(id) ?? null);
    },
    setHandled(id, handled) {
      log('setHandled', [id, handled]);
      const e = enquiries.get(id);
      if (!e) return Promise.resolve('not-found' as const);
      const allowed: EnquiryStatus[] = handled ? ['new', 'released'] : ['handled'];
      if (!allowed.includes(e.status)) return Promise.resolve('invalid' as const);
      e.status = handled ? 'handled' : 'new';
      e.handledAt = handled ? Date.now() : null;
      return Promise.resolve('ok' as const);
    },
    release(id) {
      log('release', [id]);
      const e = enquiries.get(id);
      if (!e) return Promise.resolve('not-found' as const);
      if (e.status !== 'held') return Promise.resolve('not-held' as const);
      e.status = 'released';
      e.releasedAt = Date.now();
      e.delivery = 'pending';
      e.deliveries = [
        { channel: 'email', state: 'pending', attempts: 0, lastError: null, deliveredAt: null },
      ];
      return Promise.resolve('released' as const);
    },
    markSpam(id) {
      log('markSpam', [id]);
      const e = enquiries.get(id);
      if (!e) return Promise.resolve('not-found' as const);
      if (e.status === 'held') return Promise.resolve('already' as const);
      if (e.status === 'erased') return Promise.resolve('invalid' as const);
      e.status = 'held';
      e.spamReason = 'staff';
      return Promise.resolve('ok' as const);
    },
    export(format: ExportFormat, query) {
      log('export', [format, query]);
      const rows = matching(query);
      const body =
        format === 'json'
          ? JSON.stringify(rows.map(rowOf))
          : [
              CSV_COLUMNS.join(','),
              ...rows.map((r) => CSV_COLUMNS.map((c) => csvCell(String(r[c]))).join(',')),
            ].join('\r\n') + '\r\n';
      return Promise.resolve({
        body,
        contentType: format === 'json' ? 'application/json' : 'text/csv; charset=utf-8',
        filename: `enquiries.${format}`,
      });
    },
    countByEmail(email) {
      log('countByEmail', [email]);
      const wanted = email.trim().toLowerCase();
      return Promise.resolve(
        [...enquiries.values()].filter((e) => e.email.toLowerCase() === wanted).length,
      );
    },
    erase(email) {
      log('erase', [email]);
      let n = 0;
      for (const e of enquiries.values()) {
        if (e.email.toLowerCase() !== email.toLowerCase() || e.status === 'erased') continue;
        Object.assign(e, {
          status: 'erased',
          name: '',
          email: '',
          subject: '',
          excerpt: '',
          message: '',
          userAgent: '',
          deliveries: [],
          delivery: 'none',
        });
        n += 1;
      }
      return Promise.resolve(n);
    },
    health(): Promise<DeliveryHealth> {
      log('health', []);
      const waiting = [...enquiries.values()].filter((e) => e.delivery === 'pending');
      return Promise.resolve({
        backlog: waiting.length,
        oldestUndeliveredAt: waiting.length ? Math.min(...waiting.map((e) => e.receivedAt)) : null,
        channels: [
          {
            channel: 'email',
            configured: true,
            backlog: waiting.length,
            lastFailureAt: null,
            lastError: null,
          },
          { channel: 'slack', configured: false, backlog: 0, lastFailureAt: null, lastError: null },
          {
            channel: 'webhook',
            configured: false,
            backlog: 0,
            lastFailureAt: null,
            lastError: null,
          },
        ],
      });
    },
    enqueueInviteEmail(to, link, expiresAt) {
      log('enqueueInviteEmail', [to, '(link)', expiresAt]);
      if (!options.smtp) return Promise.resolve(false);
      invites.push({ to, link, expiresAt });
      return Promise.resolve(true);
    },
  };
  return fake;
}
