/**
 * The agency notification e-mail (docs/product.md#enquiry-handling), sent with Nodemailer over
 * SMTP_URL, and the staff invite e-mail.
 *
 * From is the agency's own address (NOTIFY_FROM) so SPF/DMARC pass; the visitor goes in
 * Reply-To; the body is plain text with every field. Header values are stripped of control
 * characters here as well as in validation, so injected CR/LF can never add a header.
 */
import nodemailer from 'nodemailer';
import { site } from '../../site.config.ts';
import type { InviteNotice, NewSubmission } from './store.ts';

/** The outbox row a send belongs to. */
export interface Delivery {
  /** The outbox row's id: the same on every retry of this delivery (receivers de-duplicate on it). */
  id: string;
}

/**
 * One channel's sender (e-mail, Slack, webhook): each call delivers one message and rejects on
 * any failure, which the outbox records and retries (`outbox.ts`).
 */
export interface Notifier {
  send(submission: Omit<NewSubmission, 'dedupeKey'>, delivery: Delivery): Promise<void>;
  /** E-mail only: a staff invite with its one-time link. */
  sendInvite?(invite: InviteNotice): Promise<void>;
  close(): void;
}

// eslint-disable-next-line no-control-regex -- control characters are what this rule finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/** One-line header-safe text. */
export const headerSafe = (s: string): string => s.replace(CONTROL, ' ').trim();

/** The plain-text body listing every field (exported for tests). */
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

/** The plain-text body of a staff invite (exported for tests). */
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
  /** Socket/greeting timeouts, ms (a hung server must not hold a lease forever). */
  timeoutMs?: number;
}

/** Nodemailer-backed notifier. */
export function createSmtpNotifier(opts: SmtpNotifierOptions): Notifier {
  const timeout = opts.timeoutMs ?? 20_000;
  // Transport options (not the URL string form, whose second argument is message defaults) so
  // the time-outs apply to the connection. A pooled connection is reused across messages: a
  // new SMTP session costs ~100 ms even on loopback (far more with TLS to a real relay), which
  // matters when a backlog is drained after an outage. One connection is enough because the
  // outbox worker sends one message at a time; a connection the relay has closed is replaced,
  // and a send that fails on it is retried by the outbox like any other failure.
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
