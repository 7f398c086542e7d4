/**
 * The generic webhook channel (WEBHOOK_URL): one signed JSON POST per enquiry, for Teams
 * workflows, Zapier, n8n or the agency's own CRM.
 *
 * Signed per the Standard Webhooks specification
 * (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md)
 * with its reference library, `standardwebhooks`:
 *
 * - `webhook-id`: the delivery's id, the same on every retry (receivers de-duplicate on it);
 * - `webhook-timestamp`: Unix seconds of this attempt (receivers refuse old ones: replays);
 * - `webhook-signature`: `v1,` + base64 HMAC-SHA256, keyed with WEBHOOK_SECRET's decoded bytes,
 *   of `<webhook-id>.<webhook-timestamp>.<body>`.
 *
 * How a receiver verifies it: README, "Webhook signature". The body carries who wrote, their
 * address, the subject, an excerpt and the inbox link, never the whole message
 * (`webhookBody`). A 2xx answer is a delivery; anything else, a redirect included (never
 * followed), is a failure the outbox retries. The answer's body is never read into errors or logs.
 */
import { Webhook } from 'standardwebhooks';
import type { Delivery, Notifier } from './mailer.ts';
import { EXCERPT_LENGTH, excerptOf, inboxLink } from './notice.ts';
import type { Notice } from './store.ts';

/** The event type of every body this channel sends. */
export const WEBHOOK_EVENT = 'enquiry.received';

/** The JSON body for one enquiry (Standard Webhooks' `type`, `timestamp`, `data`). */
export interface WebhookBody {
  type: typeof WEBHOOK_EVENT;
  /** When this body was made (ISO 8601). */
  timestamp: string;
  data: {
    id: string;
    /** ISO 8601. */
    receivedAt: string;
    name: string;
    email: string;
    subject: string;
    excerpt: string;
    /** The enquiry in the staff inbox. */
    url: string;
  };
}

/** The body for one enquiry (exported for tests). */
export function webhookBody(s: Notice, siteUrl: string, now: Date): WebhookBody {
  return {
    type: WEBHOOK_EVENT,
    timestamp: now.toISOString(),
    data: {
      id: s.id,
      receivedAt: new Date(s.receivedAt).toISOString(),
      name: s.name,
      email: s.email,
      subject: s.subject,
      excerpt: excerptOf(s.message, EXCERPT_LENGTH),
      url: inboxLink(siteUrl, s.id),
    },
  };
}

/** A refused or failed POST: the status only (the receiver's answer may echo personal data). */
export class WebhookHttpError extends Error {
  override name = 'WebhookHttpError';
  readonly statusCode: number;
  constructor(statusCode: number) {
    super(`HTTP ${statusCode}`);
    this.statusCode = statusCode;
  }
}

export interface WebhookNotifierOptions {
  /** WEBHOOK_URL. */
  url: string;
  /** WEBHOOK_SECRET: `whsec_` and the base64 of the key (`src/server/env.ts` checks it). */
  secret: string;
  /** SITE_URL's origin. */
  siteUrl: string;
  /** Time-out of one POST, ms. */
  timeoutMs?: number;
  /** The clock (tests); default `Date.now`. */
  now?: () => number;
}

/** The webhook sender; see the module comment. */
export function createWebhookNotifier(opts: WebhookNotifierOptions): Notifier {
  const signer = new Webhook(opts.secret);
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    async send(s: Notice, delivery: Delivery) {
      const at = new Date(now());
      const body = JSON.stringify(webhookBody(s, opts.siteUrl, at));
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'story-voice-site-webhook/1',
          'webhook-id': delivery.id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signer.sign(delivery.id, at, body),
        },
        body,
        // A redirect is answered, not followed (the body must not go where it was not sent),
        // and counts as a failure: `HTTP 302`.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Release the connection without reading what the receiver said.
      await res.body?.cancel();
      if (!res.ok) throw new WebhookHttpError(res.status);
    },
    close() {},
  };
}
