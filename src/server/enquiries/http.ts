/**
 * The contact form over HTTP: the time trap's start cookie
 * (docs/decisions/009-form-time-trap-without-a-page-token.md) and the service the form's action
 * calls, after the post guard (`src/server/http/post-guard.ts`) has judged the post.
 */
import express from 'express';
import type { EnquiryService } from '../../react/load-context.ts';
import { START_PATH } from '../../lib/enquiry-fields.ts';
import { OUTCOMES, resultOf, type OutcomeKind } from '../../lib/enquiry-outcomes.ts';
import type { Counter } from '../statistics/counter.ts';
import type { EnquiryRuntime } from './runtime.ts';
import { readStartTime, START_COOKIE, START_COOKIE_MAX_AGE_MS, startCookie } from './secret.ts';
import { submitEnquiry } from './service.ts';

export { START_COOKIE };

export interface EnquiryHttp {
  /** The start cookie's route; mount before the route tree. */
  router: express.Router;

  service: EnquiryService;
}

/** `onOutcome` gets each submission's metric label. */
export function enquiryHttp(
  runtime: EnquiryRuntime,
  onOutcome: (metric: string) => void = () => {},
  origins?: Pick<Counter, 'enquirySent'>,
): EnquiryHttp {
  const count = (kind: OutcomeKind) => onOutcome(OUTCOMES[kind].metric);
  const cookie = startCookie(runtime.secret);

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

  const service: EnquiryService = {
    async submit(form, request, ip, crossSite) {
      if (!form) {
        count('unreadable');
        return { result: resultOf('unreadable'), setCookies: [] };
      }
      const fields: Record<string, unknown> = {};
      for (const [key, value] of form) if (typeof value === 'string') fields[key] ??= value;
      const url = new URL(request.url);
      const { headers } = request;
      const { kind, result, id } = await submitEnquiry(runtime, fields, {
        crossSite,
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
