/**
 * The one guard of every POST, before a body is read, and the only judge of its `Origin`
 * (docs/decisions/040-one-guard-for-posts.md, docs/decisions/092-one-path-per-request.md): type
 * (415), stated length (411), size (413), origin (403), each refusal answered so that a client still
 * sending the body can read it (`../unread-body.ts`). The route tree's own check trusts it
 * (`allowedActionOrigins` in `react-router.config.ts`).
 */
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { OUTCOMES, type OutcomeKind } from '../../lib/enquiry-outcomes.ts';
import { isStaffPath, STAFF_HEADERS } from '../../lib/staff-paths.ts';
import { answerUnreadBody } from '../unread-body.ts';

/** Bytes: a form, or a passkey's answer, is far smaller. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** The contact form with or without JavaScript; the staff area's forms and passkey ceremonies. */
const BODY_TYPES = {
  site: ['application/x-www-form-urlencoded', 'multipart/form-data'],
  staff: ['application/x-www-form-urlencoded', 'application/json'],
};

type Refusal = 'wrong_type' | 'length_required' | 'too_large' | 'foreign_origin';

/** The staff area's answers, with the headers of all its others (`src/lib/staff-paths.ts`). */
const STAFF_REFUSALS: Record<Refusal, [number, string]> = {
  wrong_type: [415, 'Unsupported Media Type: send a form.'],
  length_required: [411, 'Length Required'],
  too_large: [413, 'Content Too Large'],
  foreign_origin: [403, 'Forbidden: this request did not come from the inbox.'],
};

function bodyRefusal(req: Request, types: readonly string[]): Refusal | null {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!types.includes(type)) return 'wrong_type';
  const length = req.headers['content-length'];
  if (length === undefined) return 'length_required';
  return Number(length) > BODY_LIMIT_BYTES ? 'too_large' : null;
}

/**
 * CSRF: the `Origin` (lacking it, the `Referer`'s origin) must be the request's own origin or
 * `siteUrl`'s; neither sent is a refusal.
 */
export function originAllowed(
  req: { requestOrigin: string; origin: string | null; referer: string | null },
  siteUrl: string | undefined,
): boolean {
  const allowed = new Set([req.requestOrigin]);
  if (siteUrl) allowed.add(new URL(siteUrl).origin);
  let claimed = req.origin;
  if (!claimed && req.referer) {
    try {
      claimed = new URL(req.referer).origin;
    } catch {
      claimed = null;
    }
  }
  return claimed !== null && allowed.has(claimed);
}

/**
 * Whether a staff post came from the staff area: `Origin` equal to `staffOrigin` (STAFF_URL) or,
 * with none, `Sec-Fetch-Site: same-origin` (https://www.w3.org/TR/fetch-metadata/).
 */
export const fromStaffArea = ({ headers }: Request, staffOrigin: string): boolean =>
  headers.origin ? headers.origin === staffOrigin : headers['sec-fetch-site'] === 'same-origin';

/** `res.locals` key: a contact post whose Referer (it sent no Origin) is another site's. */
export const CROSS_SITE = 'crossSite';

export interface PostGuardOptions {
  /** SITE_URL: posts from it are the site's own behind a proxy. */
  siteUrl: string | undefined;
  /** STAFF_URL: the only `Origin` a staff post may carry. */
  staffOrigin: string;
  logger: Logger;
  /** Each refused contact post's outcome, for its metric. */
  onRefusal?: (kind: OutcomeKind) => void;
}

/**
 * A contact post without `Origin` whose `Referer` is foreign goes on, marked {@link CROSS_SITE},
 * so the page refusing it shows the visitor's text again.
 */
export function postGuard({
  siteUrl,
  staffOrigin,
  logger,
  onRefusal,
}: PostGuardOptions): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST') return next();
    if (isStaffPath(req.path)) {
      const ours = fromStaffArea(req, staffOrigin);
      // Another site is refused first, before anything is said of the body.
      const refusal = ours ? bodyRefusal(req, BODY_TYPES.staff) : 'foreign_origin';
      if (!refusal) return next();
      if (!ours) {
        const origin = req.headers.origin?.slice(0, 200) ?? null;
        logger.warn({ origin }, 'cross-site staff request refused');
      }
      const [status, text] = STAFF_REFUSALS[refusal];
      res.status(status).set(STAFF_HEADERS).type('text/plain; charset=utf-8');
      return answerUnreadBody(req, res, text);
    }
    const origin = req.headers.origin ?? null;
    const ours = originAllowed(
      {
        requestOrigin: `${req.protocol}://${req.host}`,
        origin,
        referer: req.headers.referer ?? null,
      },
      siteUrl,
    );
    const refusal =
      bodyRefusal(req, BODY_TYPES.site) ?? (ours || !origin ? null : 'foreign_origin');
    if (!refusal) {
      res.locals[CROSS_SITE] = !ours;
      return next();
    }
    res.status(refusal === 'length_required' ? 411 : OUTCOMES[refusal].status);
    res.type('text/plain; charset=utf-8').set('Cache-Control', 'no-store');
    if (refusal === 'length_required') return answerUnreadBody(req, res, 'Length Required');
    onRefusal?.(refusal);
    answerUnreadBody(req, res, OUTCOMES[refusal].message(0));
  };
}
