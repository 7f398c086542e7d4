/**
 * The rules of one contact-form submission, free of HTTP types so they are unit-testable, in
 * order: schema check → Origin check → spam verdict (honeypot, time-trap start cookie) → in ONE
 * store transaction the per-client rate-limit hit and (if allowed) storage once (dedupe) with
 * one outbox row per notification channel. Every ending is an {@link OutcomeKind} of the one table in
 * `src/lib/enquiry-outcomes.ts`.
 *
 * Success is only returned after the store committed. Spam gets the same answer as a real
 * enquiry (bots learn nothing) but is stored with its verdict and never notified.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { EnquiryResult } from '../../app/services.ts';
import { resultOf, type OutcomeKind } from '../../lib/enquiry-outcomes.ts';
import { PRIVACY_NOTICE_VERSION } from '../../lib/privacy-notice.ts';
import type { EnquiryRuntime } from './runtime.ts';
import { checkSubmission, type Enquiry } from './schema.ts';
import { hashIp, verifyStartTime, type StartTime } from './secret.ts';
import type { SpamVerdict } from './store.ts';

/** Window in which an identical submission is stored only once, ms. */
export const DEDUPE_WINDOW_MS = 600_000;

/** Request facts the rules need. */
export interface SubmitRequest {
  /** Origin of the URL the request was made to (e.g. http://localhost:3000). */
  requestOrigin: string;
  /** `Origin` header, or null. */
  origin: string | null;
  /** `Referer` header, or null (fallback when a client omits Origin). */
  referer: string | null;
  /** Client IP as seen by the server (hashed before use). */
  ip: string;
  userAgent: string;
  /** The time trap's start cookie, undefined when the request carried none. */
  startCookie: string | undefined;
}

/** How a submission ended: the table's kind and the answer for the visitor. */
export interface Submission {
  kind: OutcomeKind;
  result: EnquiryResult;
}

/** True when the Origin (or, lacking it, the Referer) is this site or SITE_URL's origin. */
export function originAllowed(req: SubmitRequest, siteUrl: string | undefined): boolean {
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

/** Content hash for duplicate detection: the four fields, email case-folded. */
export function dedupeKey(e: Enquiry): string {
  return createHash('sha256')
    .update(JSON.stringify([e.name, e.email.toLowerCase(), e.subject, e.message]))
    .digest('hex');
}

/**
 * Decides whether a submission is spam; 'ham' means a person
 * (docs/decisions/009-form-time-trap-without-a-page-token.md).
 *
 * @param honeypot the honeypot field as posted
 * @param start what the start cookie says; `missing` is ham (CSS images off and no JavaScript)
 * @param minFillMs FORM_MIN_FILL_MS: a valid start younger than this is 'too-fast'
 * @param now epoch ms
 */
export function spamVerdict(
  honeypot: string | null | undefined,
  start: StartTime,
  minFillMs: number,
  now: number,
): SpamVerdict {
  if (honeypot && honeypot.trim() !== '') return 'honeypot';
  if (start.kind === 'forged') return 'bad-token';
  if (start.kind === 'valid' && now - start.at < minFillMs) return 'too-fast';
  return 'ham';
}

/**
 * Applies every rule and stores the submission; see the module comment for the order.
 *
 * @param fields the posted fields (strings; anything else counts as missing)
 * @returns never rejects for bad input or a failing store: a store error is `unavailable` (503)
 */
export async function submitEnquiry(
  rt: EnquiryRuntime,
  fields: Record<string, unknown>,
  req: SubmitRequest,
): Promise<Submission> {
  const checked = checkSubmission(fields);
  if (!checked.ok) {
    return { kind: 'invalid', result: resultOf('invalid', checked.fieldErrors) };
  }
  const { input } = checked;
  const { config, store, logger, secret } = rt;
  if (!originAllowed(req, config.SITE_URL)) {
    logger.warn({ origin: req.origin?.slice(0, 200) ?? null }, 'cross-site submission refused');
    return { kind: 'foreign_origin', result: resultOf('foreign_origin') };
  }
  const now = rt.now();
  const ipHash = hashIp(secret, req.ip);
  const start = verifyStartTime(secret, req.startCookie, now);
  const spam = spamVerdict(input.website, start, config.FORM_MIN_FILL_MS, now);
  let outcome;
  try {
    await rt.ready;
    // Rate-limit hit and storage in one transaction: one commit (fsync) per request, not two.
    outcome = await store.submit(
      {
        id: randomUUID(),
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        receivedAt: now,
        ipHash,
        userAgent: req.userAgent.slice(0, 512),
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
        spam,
        dedupeKey: dedupeKey(input),
      },
      {
        key: `submit:${ipHash}`,
        max: config.RATE_LIMIT_MAX,
        windowMs: config.RATE_LIMIT_WINDOW_MS,
      },
      DEDUPE_WINDOW_MS,
      rt.channels,
    );
  } catch (e) {
    logger.error({ err: e instanceof Error ? e.message : String(e) }, 'enquiry store failed');
    return { kind: 'unavailable', result: resultOf('unavailable') };
  }
  const { rate, stored } = outcome;
  if (!stored) {
    logger.warn({ ipHash: ipHash.slice(0, 12) }, 'rate limit reached');
    const retryAfter = Math.max(1, Math.ceil((rate.resetAt - now) / 1000));
    return { kind: 'rate_limited', result: resultOf('rate_limited', {}, retryAfter) };
  }
  logger.info(
    { submissionId: stored.id, spam, start: start.kind, duplicate: stored.duplicate },
    'submission stored',
  );
  if (spam === 'ham' && !stored.duplicate) rt.kick();
  const kind = spam === 'ham' ? 'stored' : 'spam';
  return { kind, result: resultOf(kind) };
}
