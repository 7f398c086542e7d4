/** For the staff app and the CLI. Logs carry ids and outcomes, never enquiry text or addresses. */
import type { Logger } from '../logger.ts';
import { exportEnquiries } from '../enquiries/export.ts';
import { excerptOf } from '../enquiries/notice.ts';
import { searchTerms } from '../enquiries/search.ts';
import type { SubmissionStore } from '../enquiries/store.ts';
import {
  CHANNELS,
  ENQUIRY_STATUSES,
  isEnquiryStatus,
  SEARCH_COUNT_LIMIT,
  type Channel,
  type DeliveryHealth,
  type EnquiryStatus,
  type InboxPage,
  type InboxQuery,
  type InboxService,
} from './types.ts';

const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;
/** Pages of MAX_PAGE_SIZE `countByEmail` reads at most. */
const COUNT_PAGES = 10;

export interface InboxDeps {
  store: SubmissionStore;
  channels: readonly Channel[];
  /** Can deliver now. */
  configured: ReadonlySet<Channel>;
  now?: () => number;
  kick?: () => void;
  logger?: Logger;
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : fallback;
  return Math.min(max, Math.max(min, n));
}

/** @throws RangeError rather than a silently unfiltered list */
function checkStatus(status: unknown): EnquiryStatus | undefined {
  if (status === undefined || status === null || status === '') return undefined;
  if (!isEnquiryStatus(status)) {
    throw new RangeError(`Unknown enquiry status; expected one of ${ENQUIRY_STATUSES.join(', ')}`);
  }
  return status;
}

/** `list` and `export` throw RangeError for an unknown status; any other input gets an answer. */
export function createInboxService(deps: InboxDeps): InboxService {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const kick = deps.kick ?? (() => {});
  const log = deps.logger;

  const service: InboxService = {
    async list(query: InboxQuery): Promise<InboxPage> {
      const status = checkStatus(query.status);
      const pageSize = clampInt(query.pageSize, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
      const page = clampInt(query.page, 1, 1, Number.MAX_SAFE_INTEGER);
      const terms = searchTerms(query.q);
      const { rows, total, capped } = await store.page({
        ...(status ? { status } : {}),
        terms,
        offset: (page - 1) * pageSize,
        limit: pageSize,
        ...(terms.length > 0 ? { countLimit: SEARCH_COUNT_LIMIT } : {}),
      });
      return {
        rows: rows.map(({ message, ...row }) => ({ ...row, excerpt: excerptOf(message) })),
        total,
        page,
        pageSize,
        pages: Math.max(1, Math.ceil(total / pageSize)),
        ...(capped ? { totalCapped: true } : {}),
      };
    },

    async get(id) {
      const record = await store.get(String(id));
      return record ? { ...record, excerpt: excerptOf(record.message) } : null;
    },

    async setHandled(id, handled) {
      const result = await store.setHandled(String(id), Boolean(handled), now());
      log?.info({ submissionId: id, handled, result }, 'enquiry handled state');
      return result;
    },

    async release(id) {
      const result = await store.release(String(id), deps.channels, now());
      if (result === 'released') kick();
      log?.info({ submissionId: id, result }, 'enquiry release');
      return result;
    },

    async markSpam(id) {
      const result = await store.markSpam(String(id), now());
      log?.info({ submissionId: id, result }, 'enquiry marked spam');
      return result;
    },

    async export(format, query) {
      const status = checkStatus(query.status);
      return exportEnquiries(
        store,
        format,
        { includeSpam: true, ...(status ? { status } : {}), ...(query.q ? { q: query.q } : {}) },
        now(),
      );
    },

    async countByEmail(email) {
      const wanted = String(email).trim();
      let count = 0;
      for (let page = 1; page <= COUNT_PAGES; page++) {
        const found = await service.list({ q: wanted, page, pageSize: MAX_PAGE_SIZE });
        count += found.rows.filter((r) => r.email.toLowerCase() === wanted.toLowerCase()).length;
        if (page >= found.pages) return count;
      }
      return null;
    },

    async erase(email) {
      const address = String(email).trim();
      if (address === '') return 0;
      const n = await store.eraseByEmail(address);
      log?.info({ erased: n }, 'enquiries erased by address');
      return n;
    },

    async health(): Promise<DeliveryHealth> {
      const figures = await store.deliveryFigures();
      const channels = CHANNELS.map((channel) => {
        const f = figures.channels.find((c) => c.channel === channel);
        return {
          channel,
          configured: deps.configured.has(channel),
          backlog: f?.backlog ?? 0,
          lastFailureAt: f?.lastFailureAt ?? null,
          lastError: f?.lastError ?? null,
        };
      });
      return {
        backlog: channels.reduce((sum, c) => sum + c.backlog, 0),
        oldestUndeliveredAt: figures.oldestUndeliveredAt,
        channels,
      };
    },

    async enqueueInviteEmail(to, link, expiresAt) {
      if (!deps.configured.has('email')) return false;
      await store.enqueueInvite({ to, link, expiresAt }, now());
      kick();
      log?.info('staff invite e-mail queued');
      return true;
    },
  };
  return service;
}
