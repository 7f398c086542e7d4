/**
 * The server side of the contact form (docs/product.md#contact-form):
 * one {@link EnquiryService} behind both ways in,
 *
 * - the page action (a plain POST to `/` or `/contact`, run by the router; see
 *   `src/routes/enquiry-action.ts`), and
 * - `POST /api/enquiries`, the JSON endpoint the browser's action calls with JavaScript,
 *
 * so both give the same statuses and the same messages. Bodies are checked before anything
 * reads them ({@link enquiryBody}): form encodings only (415), at most 64 KB (413).
 */
import express, { type RequestHandler } from 'express';
import type { EnquiryResult, FieldErrors } from '../app/services.ts';
import type { EnquiryRuntime } from '../lib/enquiries/runtime.ts';
import { FIELD_NAMES, submissionInputSchema, type FieldName } from '../lib/enquiries/schema.ts';
import { submitEnquiry, type SubmitRequest } from '../lib/enquiries/service.ts';

/** Largest accepted form body, bytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** Content types a form may be posted as. */
export const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const;

/** Checks one submission and stores it; never throws for bad input. */
export interface EnquiryService {
  /**
   * @param fields the posted fields (strings; anything else counts as missing)
   * @param request facts about the request: origins (cross-site check), client IP (rate limit,
   *   hashed), user agent
   * @returns `{ ok: true }` only after the store committed; otherwise the refusal
   */
  submit(fields: Record<string, unknown>, request: SubmitRequest): Promise<EnquiryResult>;
}

/** "Please check the field marked below." for one or several fields. */
function checkFieldsMessage(count: number): string {
  return `Please check ${count === 1 ? 'the field' : `the ${count} fields`} marked below.`;
}

/** Builds the service on the process's enquiry runtime (store, secret, config, outbox). */
export function createEnquiryService(
  runtime: EnquiryRuntime,
  onOutcome: (outcome: string) => void = () => {},
): EnquiryService {
  return {
    async submit(fields, request) {
      const result = await decide(fields, request);
      onOutcome(
        result.ok
          ? 'accepted'
          : result.status === 400
            ? 'invalid'
            : result.status === 403
              ? 'forbidden-origin'
              : 'rate-limited',
      );
      return result;
    },
  };

  async function decide(
    fields: Record<string, unknown>,
    request: SubmitRequest,
  ): Promise<EnquiryResult> {
    {
      const parsed = submissionInputSchema.safeParse(fields);
      if (!parsed.success) {
        const fieldErrors: FieldErrors = {};
        for (const issue of parsed.error.issues) {
          const key = issue.path[0];
          if (typeof key === 'string' && (FIELD_NAMES as readonly string[]).includes(key)) {
            fieldErrors[key as FieldName] ??= issue.message;
          }
        }
        const count = Object.keys(fieldErrors).length;
        return {
          ok: false,
          status: 400,
          message:
            count > 0
              ? checkFieldsMessage(count)
              : 'We could not read the form. Please reload the page and try again.',
          fieldErrors,
        };
      }
      const outcome = await submitEnquiry(runtime, parsed.data, request);
      if (outcome.kind === 'accepted') return { ok: true };
      if (outcome.kind === 'forbidden-origin') {
        return {
          ok: false,
          status: 403,
          message:
            'This form can only be sent from our own website. Please reload the page and try again.',
          fieldErrors: {},
        };
      }
      const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
      return {
        ok: false,
        status: 429,
        message: `You have sent several messages in a short time. Please wait about ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or write to us by email.`,
        fieldErrors: {},
        retryAfterSeconds: outcome.retryAfterSeconds,
      };
    }
  }
}

/**
 * Reads a form body for the routes that accept one: 415 for any other content type, 413 above
 * {@link BODY_LIMIT_BYTES} (declared or streamed), otherwise `req.body` is the raw `Buffer`.
 * Errors go to the app's error handler with their status.
 */
export function enquiryBody(): RequestHandler[] {
  const typeCheck: RequestHandler = (req, _res, next) => {
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!(FORM_TYPES as readonly string[]).includes(type)) {
      next(
        Object.assign(new Error('Unsupported Media Type: send the form as form data.'), {
          status: 415,
          expose: true,
        }),
      );
      return;
    }
    next();
  };
  return [typeCheck, express.raw({ type: () => true, limit: BODY_LIMIT_BYTES })];
}

/** Request facts for the rules, from Express's view of the request. */
export function submitRequestOf(req: express.Request): SubmitRequest {
  return {
    requestOrigin: `${req.protocol}://${req.get('host') ?? 'localhost'}`,
    origin: req.get('origin') ?? null,
    referer: req.get('referer') ?? null,
    ip: req.ip ?? req.socket.remoteAddress ?? '',
    userAgent: req.get('user-agent') ?? '',
  };
}

/** Parses a raw form body exactly as the router does (`Request.formData()`). */
export async function formFields(req: express.Request): Promise<Record<string, unknown>> {
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

/** `POST /api/enquiries`: the JSON answer of {@link EnquiryService.submit}, with its status. */
export function enquiryApi(service: EnquiryService): RequestHandler[] {
  const handle: RequestHandler = async (req, res) => {
    let fields: Record<string, unknown>;
    try {
      fields = await formFields(req);
    } catch {
      res.status(400).json({
        ok: false,
        status: 400,
        message: 'We could not read the form. Please reload the page and try again.',
        fieldErrors: {},
      } satisfies EnquiryResult);
      return;
    }
    const result = await service.submit(fields, submitRequestOf(req));
    res.set('Cache-Control', 'no-store');
    if (!result.ok && result.retryAfterSeconds !== undefined) {
      res.set('Retry-After', String(result.retryAfterSeconds));
    }
    res.status(result.ok ? 200 : result.status).json(result);
  };
  return [...enquiryBody(), handle];
}
