/** One submission, free of HTTP types (docs/product.md#contact-form); ok only after the commit. */
import { createHash, randomUUID } from 'node:crypto';
import type { EnquiryResult } from '../../lib/enquiry-fields.ts';
import { resultOf, type OutcomeKind } from '../../lib/enquiry-outcomes.ts';
import { PRIVACY_NOTICE_VERSION } from '../../lib/privacy-notice.ts';
import type { EnquiryRuntime } from './runtime.ts';
import { checkSubmission, type Enquiry } from './schema.ts';
import { hashIp, type StartTime } from './secret.ts';
import type { SpamVerdict } from './store.ts';

/** ms. */
export const DEDUPE_WINDOW_MS = 600_000;

export interface SubmitRequest {
  /**
   * The post sent no `Origin` and its `Referer` is another site's, as the post guard judged
   * (`src/server/http/post-guard.ts`): refused here, so the page shows the visitor's text again.
   */
  crossSite: boolean;
  /** Hashed before use. */
  ip: string;
  userAgent: string;
  start: StartTime;
}

export interface Submission {
  kind: OutcomeKind;
  result: EnquiryResult;
  id?: string;
}

/** The four fields, email case-folded. */
export function dedupeKey(e: Enquiry): string {
  return createHash('sha256')
    .update(JSON.stringify([e.name, e.email.toLowerCase(), e.subject, e.message]))
    .digest('hex');
}

/** A `missing` start is ham (docs/decisions/009-form-time-trap-without-a-page-token.md); ms. */
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

/** Never rejects: a failing store is `unavailable` (503); non-string fields count as missing. */
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
  if (req.crossSite) {
    logger.warn({ origin: null }, 'cross-site submission refused');
    return { kind: 'foreign_origin', result: resultOf('foreign_origin') };
  }
  const now = rt.now();
  const ipHash = hashIp(secret, req.ip);
  const { start } = req;
  const spam = spamVerdict(input.website, start, config.FORM_MIN_FILL_MS, now);
  let outcome;
  try {
    await rt.ready;
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
  const fresh = spam === 'ham' && !stored.duplicate;
  return { kind, result: resultOf(kind), ...(fresh ? { id: stored.id } : {}) };
}
