/** Every POST judged before its body is read: docs/decisions/040-one-guard-for-posts.md */
import express, { type RequestHandler } from 'express';
import type { EnquiryService } from '../../react/load-context.ts';
import { START_PATH } from '../../lib/enquiry-fields.ts';
import { OUTCOMES, resultOf, type OutcomeKind } from '../../lib/enquiry-outcomes.ts';
import { isStaffPath, STAFF_HEADERS } from '../../lib/staff-paths.ts';
import { answerUnreadBody } from '../unread-body.ts';
import type { Counter } from '../statistics/counter.ts';
import type { EnquiryRuntime } from './runtime.ts';
import { readStartTime, START_COOKIE, START_COOKIE_MAX_AGE_MS, startCookie } from './secret.ts';
import { originAllowed, submitEnquiry } from './service.ts';

export { START_COOKIE };

const BODY_LIMIT_BYTES = 64 * 1024;
const BODY_TYPES = {
  site: ['application/x-www-form-urlencoded', 'multipart/form-data'],
  staff: ['application/x-www-form-urlencoded', 'application/json'],
};

type Refusal = 'wrong_type' | 'length_required' | 'too_large' | 'foreign_origin';

const STAFF_REFUSALS: Record<Refusal, [number, string]> = {
  wrong_type: [415, 'Unsupported Media Type: send a form.'],
  length_required: [411, 'Length Required'],
  too_large: [413, 'Content Too Large'],
  foreign_origin: [403, 'Forbidden: this request did not come from the inbox.'],
};

function bodyRefusal(req: express.Request, types: readonly string[]): Refusal | null {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!types.includes(type)) return 'wrong_type';
  const length = req.headers['content-length'];
  if (length === undefined) return 'length_required';
  return Number(length) > BODY_LIMIT_BYTES ? 'too_large' : null;
}

/** `Origin` is STAFF_URL or, with none, `Sec-Fetch-Site: same-origin` (W3C Fetch Metadata). */
export const fromInbox = ({ headers }: express.Request, staffOrigin: string): boolean =>
  headers.origin ? headers.origin === staffOrigin : headers['sec-fetch-site'] === 'same-origin';

export interface EnquiryHttp {
  /** Mount before the route tree. */
  router: express.Router;

  service: EnquiryService;
}

/** `onOutcome` gets each post's metric label; staff posts are judged by {@link fromInbox}. */
export function enquiryHttp(
  runtime: EnquiryRuntime,
  staffOrigin: string,
  onOutcome: (metric: string) => void = () => {},
  origins?: Pick<Counter, 'enquirySent'>,
): EnquiryHttp {
  const count = (kind: OutcomeKind) => onOutcome(OUTCOMES[kind].metric);
  const cookie = startCookie(runtime.secret);

  // Ours here, as the framework would answer 400 and the site documents 403; without an Origin
  // the service judges the Referer.
  const siteOrigin = (req: express.Request): boolean => {
    const origin = req.headers.origin;
    const requestOrigin = `${req.protocol}://${req.host}`;
    const site = runtime.config.SITE_URL;
    return origin === undefined || originAllowed({ requestOrigin, origin, referer: null }, site);
  };
  const inboxOrigin = (req: express.Request): boolean => fromInbox(req, staffOrigin);

  const guardPost: RequestHandler = (req, res, next) => {
    if (isStaffPath(req.path)) {
      const refusal = inboxOrigin(req) ? bodyRefusal(req, BODY_TYPES.staff) : 'foreign_origin';
      if (!refusal) return next();
      if (refusal === 'foreign_origin') {
        const origin = req.headers.origin?.slice(0, 200) ?? null;
        runtime.logger.warn({ origin }, 'cross-site staff request refused');
      }
      const [status, text] = STAFF_REFUSALS[refusal];
      res.status(status).set(STAFF_HEADERS).type('text/plain; charset=utf-8');
      return answerUnreadBody(req, res, text);
    }
    const refusal =
      bodyRefusal(req, BODY_TYPES.site) ?? (siteOrigin(req) ? null : 'foreign_origin');
    if (!refusal) return next();
    res.status(refusal === 'length_required' ? 411 : OUTCOMES[refusal].status);
    res.type('text/plain; charset=utf-8').set('Cache-Control', 'no-store');
    if (refusal === 'length_required') return answerUnreadBody(req, res, 'Length Required');
    count(refusal);
    answerUnreadBody(req, res, OUTCOMES[refusal].message(0));
  };

  const router = express.Router();
  router.get(START_PATH, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const now = Math.floor(runtime.now());
    const current = await readStartTime(cookie, req.headers.cookie ?? null, now);
    // A valid start is kept: focusing the form again does not restart the clock.
    if (current.kind !== 'valid' || now - current.at >= START_COOKIE_MAX_AGE_MS) {
      res.append('Set-Cookie', await cookie.serialize(now, { secure: req.secure }));
    }
    res.status(204).end();
  });
  router.post('/{*splat}', guardPost);

  const service: EnquiryService = {
    async submit(form, request, ip) {
      if (!form) {
        count('unreadable');
        return { result: resultOf('unreadable'), setCookies: [] };
      }
      const fields: Record<string, unknown> = {};
      for (const [key, value] of form) if (typeof value === 'string') fields[key] ??= value;
      const url = new URL(request.url);
      const { headers } = request;
      const { kind, result, id } = await submitEnquiry(runtime, fields, {
        requestOrigin: url.origin,
        origin: headers.get('origin'),
        referer: headers.get('referer'),
        ip,
        userAgent: headers.get('user-agent') ?? '',
        start: await readStartTime(cookie, headers.get('cookie'), runtime.now()),
      });
      count(kind);
      if (id !== undefined && origins) {
        const request_ = { ip, url: url.pathname, header: (n: string) => headers.get(n) ?? '' };
        await origins.enquirySent(id, runtime.now(), request_, url.pathname);
      }
      const secure = url.protocol === 'https:';
      const setCookies = result.ok ? [await cookie.serialize('', { maxAge: 0, secure })] : [];
      return { result, setCookies };
    },
  };

  return { router, service };
}
