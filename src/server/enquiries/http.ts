/**
 * The contact form's HTTP side: the page action (no JavaScript) and `POST /api/enquiries` both go
 * through {@link submitEnquiry} and one outcome table (`src/lib/enquiry-outcomes.ts`). The time
 * trap's start cookie comes from `GET /api/enquiries/start`, so pages carry no per-request token
 * and can be cached (docs/decisions/009-form-time-trap-without-a-page-token.md).
 */
import express, { type CookieOptions, type RequestHandler } from 'express';
import type { EnquiryResult } from '../../app/services.ts';
import { START_PATH } from '../../lib/enquiry-fields.ts';
import { OUTCOMES, resultOf, type OutcomeKind } from '../../lib/enquiry-outcomes.ts';
import type { EnquiryRuntime } from './runtime.ts';
import { signStartTime, verifyStartTime } from './secret.ts';
import { submitEnquiry, type SubmitRequest } from './service.ts';

/** Bytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;
export const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const;
export const START_COOKIE = 'enquiry_start';
/** ms: a visitor may take a while to write. */
export const START_COOKIE_MAX_AGE_MS = 2 * 60 * 60 * 1000;

export interface EnquiryHttp {
  /** The start cookie, `POST /api/enquiries` and every page POST's body checks; before pages. */
  router: express.Router;
  /** Submits a page POST whose body the router checked. */
  submitPage(req: express.Request): Promise<EnquiryResult>;
}

/** https://www.rfc-editor.org/rfc/rfc6265#section-5.4 */
function readCookie(req: express.Request, name: string): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/** Secure on HTTPS (behind a proxy: TRUST_PROXY=1). */
const cookieOptions = (req: express.Request): CookieOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  path: '/',
  secure: req.secure,
});

function outcomeError(kind: OutcomeKind): Error {
  const { status, message } = OUTCOMES[kind];
  return Object.assign(new Error(message(0)), { status, expose: true });
}

function submitRequestOf(req: express.Request): SubmitRequest {
  return {
    requestOrigin: `${req.protocol}://${req.get('host') ?? 'localhost'}`,
    origin: req.get('origin') ?? null,
    referer: req.get('referer') ?? null,
    ip: req.ip ?? req.socket.remoteAddress ?? '',
    userAgent: req.get('user-agent') ?? '',
    startCookie: readCookie(req, START_COOKIE),
  };
}

/**
 * Parses a raw form body exactly as the router does (`Request.formData()`).
 * @throws TypeError when the body is not valid form data (e.g. broken multipart)
 */
async function formFields(req: express.Request): Promise<Record<string, unknown>> {
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const request = new Request('http://form.invalid/', {
    method: 'POST',
    body: new Uint8Array(body),
    headers: { 'Content-Type': req.get('content-type') ?? '' },
  });
  const form = await request.formData();
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form) if (typeof value === 'string') fields[key] ??= value;
  return fields;
}

/** @param onOutcome called once per submission or refused body with its metric label */
export function enquiryRoutes(
  runtime: EnquiryRuntime,
  onOutcome: (metric: string) => void = () => {},
): EnquiryHttp {
  const count = (kind: OutcomeKind) => onOutcome(OUTCOMES[kind].metric);

  // Then `req.body` is the raw Buffer.
  const typeCheck: RequestHandler = (req, _res, next) => {
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if ((FORM_TYPES as readonly string[]).includes(type)) return next();
    count('wrong_type');
    next(outcomeError('wrong_type'));
  };
  const raw = express.raw({ type: () => true, limit: BODY_LIMIT_BYTES });
  const readBody: RequestHandler = (req, res, next) => {
    raw(req, res, (err?: unknown) => {
      if ((err as { status?: number } | undefined)?.status === 413) {
        count('too_large');
        next(outcomeError('too_large'));
      } else next(err);
    });
  };

  async function submit(req: express.Request, res: express.Response | undefined) {
    let fields: Record<string, unknown>;
    try {
      fields = await formFields(req);
    } catch {
      count('unreadable');
      return resultOf('unreadable');
    }
    const { kind, result } = await submitEnquiry(runtime, fields, submitRequestOf(req));
    count(kind);
    if (result.ok) res?.clearCookie(START_COOKIE, cookieOptions(req));
    return result;
  }

  const router = express.Router();
  router.get(START_PATH, (req, res) => {
    res.set('Cache-Control', 'no-store');
    const now = runtime.now();
    const current = verifyStartTime(runtime.secret, readCookie(req, START_COOKIE), now);
    // Idempotent: a valid start is kept, so focusing the form again does not restart the clock.
    if (current.kind !== 'valid' || now - current.at >= START_COOKIE_MAX_AGE_MS) {
      res.cookie(START_COOKIE, signStartTime(runtime.secret, now), {
        ...cookieOptions(req),
        maxAge: START_COOKIE_MAX_AGE_MS,
      });
    }
    res.status(204).end();
  });
  router.post('/api/enquiries', typeCheck, readBody, async (req, res) => {
    const result = await submit(req, res);
    res.set('Cache-Control', 'no-store');
    if (!result.ok && result.retryAfterSeconds !== undefined) {
      res.set('Retry-After', String(result.retryAfterSeconds));
    }
    res.status(result.ok ? OUTCOMES.stored.status : result.status).json(result);
  });
  router.post('/{*splat}', typeCheck, readBody);

  return { router, submitPage: (req) => submit(req, req.res) };
}
