/**
 * The submit rules behind the contact action (docs/product.md#contact-form), free of HTTP types so they are
 * unit-testable: origin check → spam verdict (honeypot, signed render time) → in ONE store
 * transaction: per-client rate limit hit, then (if allowed) store once (dedupe) with the outbox row.
 *
 * Success is only returned after the store committed. Spam gets the same success answer as a
 * real enquiry (bots learn nothing) but is stored with its verdict and never notified.
 */
import { createHash, randomUUID } from 'node:crypto';
import { PRIVACY_NOTICE_VERSION } from '../privacy-notice.ts';
import type { EnquiryRuntime } from './runtime.ts';
import type { Enquiry } from './schema.ts';
import { hashIp, verifyRenderTime } from './secret.ts';
import type { SpamVerdict } from './store.ts';

/** Request facts the rules need. */
export interface SubmitRequest {
  /** Origin of the URL the request was made to (e.g. http://localhost:4321). */
  requestOrigin: string;
  /** `Origin` header, or null. */
  origin: string | null;
  /** `Referer` header, or null (fallback when a client omits Origin). */
  referer: string | null;
  /** Client IP as seen by the server (hashed before use). */
  ip: string;
  userAgent: string;
}

export type SubmitOutcome =
  | { kind: 'accepted'; id: string; spam: SpamVerdict; duplicate: boolean }
  | { kind: 'forbidden-origin' }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

export interface SubmitInput extends Enquiry {
  website?: string | null | undefined;
  formToken?: string | null | undefined;
}

/** True when the Origin (or, lacking it, the Referer) is this site. */
export function originAllowed(req: SubmitRequest, siteUrl: string | undefined): boolean {
  const allowed = new Set([req.requestOrigin]);
  if (siteUrl) {
    try {
      allowed.add(new URL(siteUrl).origin);
    } catch {
      // A malformed SITE_URL only narrows the allowed set.
    }
  }
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

/** Decide whether a submission is spam; 'ham' means a person. */
export function spamVerdict(
  input: SubmitInput,
  secret: string,
  minFillMs: number,
  now: number,
): SpamVerdict {
  if (input.website && input.website.trim() !== '') return 'honeypot';
  const renderedAt = verifyRenderTime(secret, input.formToken, now);
  if (renderedAt === null) return 'bad-token';
  if (now - renderedAt < minFillMs) return 'too-fast';
  return 'ham';
}

/** Apply every rule and store the submission; see the module comment for the order. */
export async function submitEnquiry(
  rt: EnquiryRuntime,
  input: SubmitInput,
  req: SubmitRequest,
): Promise<SubmitOutcome> {
  await rt.ready;
  const { config, store, logger, secret } = rt;
  if (!originAllowed(req, config.siteUrl)) {
    logger.warn({ origin: req.origin?.slice(0, 200) ?? null }, 'cross-site submission refused');
    return { kind: 'forbidden-origin' };
  }
  const now = Date.now();
  const ipHash = hashIp(secret, req.ip);
  const spam = spamVerdict(input, secret, config.formMinFillMs, now);
  // Rate-limit hit and storage in one transaction: one commit (fsync) per request, not two.
  const { rate, stored } = await store.submit(
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
    { key: `submit:${ipHash}`, max: config.rateLimitMax, windowMs: config.rateLimitWindowMs },
    config.dedupeWindowMs,
  );
  if (!stored) {
    logger.warn({ ipHash: ipHash.slice(0, 12) }, 'rate limit reached');
    return {
      kind: 'rate-limited',
      retryAfterSeconds: Math.max(1, Math.ceil((rate.resetAt - now) / 1000)),
    };
  }
  logger.info({ submissionId: stored.id, spam, duplicate: stored.duplicate }, 'submission stored');
  if (spam === 'ham' && !stored.duplicate) rt.worker?.kick();
  return { kind: 'accepted', id: stored.id, spam, duplicate: stored.duplicate };
}
