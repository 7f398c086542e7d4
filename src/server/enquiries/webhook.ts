/** https://www.standardwebhooks.com/; the answer's body never reaches errors or logs. */
import { Webhook } from 'standardwebhooks';
import type { Delivery, Notifier } from './mailer.ts';
import { EXCERPT_LENGTH, excerptOf, inboxLink } from './notice.ts';
import type { Notice } from './store.ts';

export const WEBHOOK_EVENT = 'enquiry.received';

export interface WebhookBody {
  type: typeof WEBHOOK_EVENT;
  /** ISO 8601. */
  timestamp: string;
  data: {
    id: string;
    receivedAt: string;
    name: string;
    email: string;
    subject: string;
    excerpt: string;
    url: string;
  };
}

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

/** The status only: the receiver's answer may echo personal data. */
export class WebhookHttpError extends Error {
  override name = 'WebhookHttpError';
  readonly statusCode: number;
  constructor(statusCode: number) {
    super(`HTTP ${statusCode}`);
    this.statusCode = statusCode;
  }
}

export interface WebhookNotifierOptions {
  url: string;
  /** WEBHOOK_SECRET: `whsec_` and the base64 of the key. */
  secret: string;
  siteUrl: string;
  /** ms */
  timeoutMs?: number;
  now?: () => number;
}

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
        // The body must not go where it was not sent.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      if (!res.ok) throw new WebhookHttpError(res.status);
    },
    close() {},
  };
}
