/**
 * The Slack channel: one message per enquiry to an incoming webhook (SLACK_WEBHOOK_URL),
 * posted with Slack's own client, `@slack/webhook`
 * (https://api.slack.com/messaging/webhooks).
 *
 * The message names who wrote, their address, the subject, an excerpt of at most
 * {@link EXCERPT_LENGTH} characters and a button to the enquiry in the staff inbox — never the
 * whole message. Visitor text goes in `plain_text` objects, which Slack shows as written: no
 * formatting, links or mentions (`<!channel>`, `<@U…>`) can be smuggled in; the notification
 * fallback `text` is escaped as Slack asks (https://api.slack.com/reference/surfaces/formatting#escaping).
 */
import { IncomingWebhook, type IncomingWebhookSendArguments } from '@slack/webhook';
import type { Notifier } from './mailer.ts';
import { EXCERPT_LENGTH, excerptOf, inboxLink } from './notice.ts';
import type { Notice } from './store.ts';

/** `&`, `<` and `>` as Slack's mrkdwn needs them. */
const escapeMrkdwn = (s: string): string =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The message for one enquiry (exported for tests).
 *
 * @param siteUrl SITE_URL's origin, for the link to the inbox
 */
export function slackMessage(s: Notice, siteUrl: string): IncomingWebhookSendArguments {
  const excerpt = excerptOf(s.message, EXCERPT_LENGTH, true);
  return {
    text: escapeMrkdwn(`New website enquiry from ${s.name}: ${s.subject}`),
    unfurl_links: false,
    unfurl_media: false,
    blocks: [
      {
        type: 'header',
        text: { type: 'plain_text', text: 'New website enquiry', emoji: false },
      },
      {
        type: 'section',
        text: {
          type: 'plain_text',
          text: `From: ${s.name} <${s.email}>\nSubject: ${s.subject}`,
          emoji: false,
        },
      },
      { type: 'section', text: { type: 'plain_text', text: excerpt, emoji: false } },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            text: { type: 'plain_text', text: 'Open in the inbox' },
            url: inboxLink(siteUrl, s.id),
          },
        ],
      },
    ],
  };
}

export interface SlackNotifierOptions {
  /** SLACK_WEBHOOK_URL. */
  url: string;
  /** SITE_URL's origin. */
  siteUrl: string;
  /** Time-out of one post, ms (a hung server must not hold a lease forever). */
  timeoutMs?: number;
}

/**
 * Posts through `IncomingWebhook` with its own retries off (the outbox retries, with backoff,
 * across restarts) and redirects refused.
 */
export function createSlackNotifier(opts: SlackNotifierOptions): Notifier {
  const webhook = new IncomingWebhook(opts.url, {
    timeout: opts.timeoutMs ?? 10_000,
    retryConfig: { retries: 0 },
  });
  return {
    async send(s) {
      await webhook.send(slackMessage(s, opts.siteUrl));
    },
    close() {},
  };
}
