/**
 * The contact form's HTTP side around the route action (`src/routes/enquiry-action.ts`): the time
 * trap's start cookie from `GET /api/enquiries/start`, so pages carry no per-request token and can
 * be cached (docs/decisions/009-form-time-trap-without-a-page-token.md); the checks of a page
 * POST's headers (type, length, Origin) before the framework reads its body; and the submission the action calls, with
 * one outcome table (`src/lib/enquiry-outcomes.ts`).
 */
import { parseCookie, stringifySetCookie, type SetCookie } from 'cookie';
import express, { type RequestHandler } from 'express';
import { START_PATH, type EnquiryResult } from '../../lib/enquiry-fields.ts';
import { OUTCOMES, resultOf, type OutcomeKind } from '../../lib/enquiry-outcomes.ts';
import type { EnquiryRuntime } from './runtime.ts';
import { signStartTime, verifyStartTime } from './secret.ts';
import { originAllowed, submitEnquiry } from './service.ts';

/** Bytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;
export const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const;
export const START_COOKIE = 'enquiry_start';
/** ms: a visitor may take a while to write. */
export const START_COOKIE_MAX_AGE_MS = 2 * 60 * 60 * 1000;

/** `HttpOnly`, `SameSite=Strict`, `Secure` on HTTPS (behind a proxy: TRUST_PROXY=1). */
const startCookie = (value: string, secure: boolean, maxAgeMs: number): SetCookie => ({
  name: START_COOKIE,
  value,
  httpOnly: true,
  sameSite: 'strict',
  path: '/',
  secure,
  maxAge: Math.floor(maxAgeMs / 1000),
});

function outcomeError(kind: OutcomeKind): Error {
  const { status, message } = OUTCOMES[kind];
  return Object.assign(new Error(message(0)), { status, expose: true });
}

export interface EnquiryHttp {
  /** The start cookie, and the header checks of every page POST; mount before the route tree. */
  router: express.Router;
  /**
   * One submission as the route action parsed it.
   * @param form null when the body was not readable form data (answered 400)
   * @param ip the client's address (Express's `req.ip`, proxy-aware)
   * @returns the result and the `Set-Cookie` values to answer with; never rejects
   */
  submit(
    form: FormData | null,
    request: Request,
    ip: string,
  ): Promise<{ result: EnquiryResult; setCookies: string[] }>;
}

/** @param onOutcome called once per submission or refused request with its metric label */
export function enquiryHttp(
  runtime: EnquiryRuntime,
  onOutcome: (metric: string) => void = () => {},
): EnquiryHttp {
  const count = (kind: OutcomeKind) => onOutcome(OUTCOMES[kind].metric);

  // The framework reads the body; these refuse what it should never be given: 415, 411, 413, 403.
  const checkPost: RequestHandler = (req, _res, next) => {
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!(FORM_TYPES as readonly string[]).includes(type)) {
      count('wrong_type');
      return next(outcomeError('wrong_type'));
    }
    const length = req.headers['content-length'];
    if (length === undefined) {
      return next(Object.assign(new Error('Length Required'), { status: 411, expose: true }));
    }
    if (Number(length) > BODY_LIMIT_BYTES) {
      count('too_large');
      return next(outcomeError('too_large'));
    }
    // The framework would answer a foreign Origin with a bare 400 before the action runs; the
    // answer the site documents is 403. Without an Origin the action checks the Referer.
    const origin = req.headers.origin;
    const requestOrigin = `${req.protocol}://${req.host}`;
    if (
      origin !== undefined &&
      !originAllowed({ requestOrigin, origin, referer: null }, runtime.config.SITE_URL)
    ) {
      count('foreign_origin');
      return next(outcomeError('foreign_origin'));
    }
    next();
  };

  const router = express.Router();
  router.get(START_PATH, (req, res) => {
    res.set('Cache-Control', 'no-store');
    const now = runtime.now();
    const cookies = parseCookie(req.headers.cookie ?? '');
    const current = verifyStartTime(runtime.secret, cookies[START_COOKIE], now);
    // Idempotent: a valid start is kept, so focusing the form again does not restart the clock.
    if (current.kind !== 'valid' || now - current.at >= START_COOKIE_MAX_AGE_MS) {
      const value = signStartTime(runtime.secret, now);
      res.append(
        'Set-Cookie',
        stringifySetCookie(startCookie(value, req.secure, START_COOKIE_MAX_AGE_MS)),
      );
    }
    res.status(204).end();
  });
  router.post('/{*splat}', checkPost);

  async function submit(form: FormData | null, request: Request, ip: string) {
    if (!form) {
      count('unreadable');
      return { result: resultOf('unreadable'), setCookies: [] };
    }
    const fields: Record<string, unknown> = {};
    for (const [key, value] of form) if (typeof value === 'string') fields[key] ??= value;
    const url = new URL(request.url);
    const cookies = parseCookie(request.headers.get('cookie') ?? '');
    const { kind, result } = await submitEnquiry(runtime, fields, {
      requestOrigin: url.origin,
      origin: request.headers.get('origin'),
      referer: request.headers.get('referer'),
      ip,
      userAgent: request.headers.get('user-agent') ?? '',
      startCookie: cookies[START_COOKIE],
    });
    count(kind);
    const secure = url.protocol === 'https:';
    const setCookies = result.ok ? [stringifySetCookie(startCookie('', secure, 0))] : [];
    return { result, setCookies };
  }

  return { router, submit };
}
