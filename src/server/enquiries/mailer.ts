/** From is the agency's own (SPF/DMARC), the visitor in Reply-To; headers lose CR/LF here too. */
import nodemailer from 'nodemailer';
import { site } from '../../site.config.ts';
import type { InviteNotice, NewSubmission } from './store.ts';

export interface Delivery {
  /** The same on every retry: receivers de-duplicate on it. */
  id: string;
}

/** Each call delivers one message or rejects; the outbox retries. */
export interface Notifier {
  send(submission: Omit<NewSubmission, 'dedupeKey'>, delivery: Delivery): Promise<void>;
  sendInvite?(invite: InviteNotice): Promise<void>;
  close(): void;
}

// eslint-disable-next-line no-control-regex -- control characters are what this rule finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
export const headerSafe = (s: string): string => s.replace(CONTROL, ' ').trim();

export function notificationText(s: Omit<NewSubmission, 'dedupeKey'>): string {
  return [
    'A new enquiry arrived through the website contact form.',
    '',
    `Name:     ${headerSafe(s.name)}`,
    `Email:    ${headerSafe(s.email)}`,
    `Subject:  ${headerSafe(s.subject)}`,
    `Received: ${new Date(s.receivedAt).toISOString()}`,
    `Reference: ${s.id}`,
    '',
    'Message:',
    s.message,
    '',
    '-- ',
    'Reply to this e-mail to answer the visitor directly.',
  ].join('\n');
}

export function inviteText(invite: InviteNotice): string {
  return [
    `You have been invited to the ${site.name} enquiry inbox.`,
    '',
    'Open this link to set up your sign-in with a passkey (no password):',
    invite.link,
    '',
    `The link works once and expires at ${new Date(invite.expiresAt).toISOString()}.`,
    'If you did not expect this invitation, ignore this e-mail.',
  ].join('\n');
}

export interface SmtpNotifierOptions {
  smtpUrl: string;
  from: string;
  to: string;
  /** Connection, greeting and socket timeouts, ms: a hung server must not hold a lease forever. */
  timeoutMs?: number;
}

export function createSmtpNotifier(opts: SmtpNotifierOptions): Notifier {
  const timeout = opts.timeoutMs ?? 20_000;
  // Options, not the URL form, so the timeouts apply; pooled: a session costs ~100 ms.
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    pool: true,
    maxConnections: 1,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(s) {
      await transport.sendMail({
        from: opts.from,
        to: opts.to,
        replyTo: { name: headerSafe(s.name), address: headerSafe(s.email) },
        subject: `Website enquiry: ${headerSafe(s.subject)}`,
        text: notificationText(s),
        headers: { 'X-Enquiry-Id': s.id },
      });
    },
    async sendInvite(invite) {
      await transport.sendMail({
        from: opts.from,
        to: headerSafe(invite.to),
        subject: `Your invitation to the ${site.name} inbox`,
        text: inviteText(invite),
      });
    },
    close() {
      transport.close();
    },
  };
}
