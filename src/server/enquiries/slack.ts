/** Visitor text in `plain_text`, so no mention is smuggled in; the fallback `text` escaped. */
import { IncomingWebhook, type IncomingWebhookSendArguments } from '@slack/webhook';
import type { Notifier } from './mailer.ts';
import { EXCERPT_LENGTH, excerptOf, inboxLink } from './notice.ts';
import type { Notice } from './store.ts';

const escapeMrkdwn = (s: string): string =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** @param siteUrl SITE_URL's origin, for the link to the inbox */
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
  url: string;
  siteUrl: string;
  /** ms. */
  timeoutMs?: number;
}

/** The library's retries stay off: the outbox retries, with backoff, across restarts. */
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
