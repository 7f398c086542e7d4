/** The one table of submission endings (status, text, `enquiries_total` label); client-safe. */
import type { EnquiryResult, FieldErrors } from './enquiry-fields.ts';

/** `spam` answers exactly like `stored`, so bots learn nothing. */
export type OutcomeKind =
  | 'stored'
  | 'spam'
  | 'invalid'
  | 'unreadable'
  | 'foreign_origin'
  | 'rate_limited'
  | 'too_large'
  | 'wrong_type'
  | 'unavailable';

export interface Outcome {
  /** The page action redirects `stored` and `spam` with 303. */
  status: number;
  message: (retryAfterSeconds: number) => string;
  metric: string;
}

const fixed = (text: string) => () => text;

/** Alike for ham and spam. */
export const SENT_MESSAGE =
  'Thank you — your message has been sent. We reply within two working days.';

export const OUTCOMES: Readonly<Record<OutcomeKind, Outcome>> = {
  stored: {
    status: 200,
    message: fixed(SENT_MESSAGE),
    metric: 'accepted',
  },
  spam: {
    status: 200,
    message: fixed(SENT_MESSAGE),
    metric: 'spam',
  },
  invalid: {
    status: 400,
    message: fixed('We could not read the form. Please reload the page and try again.'),
    metric: 'invalid',
  },
  unreadable: {
    status: 400,
    message: fixed('We could not read the form. Please reload the page and try again.'),
    metric: 'invalid',
  },
  foreign_origin: {
    status: 403,
    message: fixed(
      'This form can only be sent from our own website. Please reload the page and try again.',
    ),
    metric: 'forbidden-origin',
  },
  rate_limited: {
    status: 429,
    message: (seconds) => {
      const minutes = Math.ceil(seconds / 60);
      return `You have sent several messages in a short time. Please wait about ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or write to us by email.`;
    },
    metric: 'rate-limited',
  },
  too_large: {
    status: 413,
    message: fixed('Content Too Large: the form may be at most 64 KB.'),
    metric: 'too-large',
  },
  wrong_type: {
    status: 415,
    message: fixed('Unsupported Media Type: send the form as form data.'),
    metric: 'wrong-type',
  },
  unavailable: {
    status: 503,
    message: fixed(
      'We could not store your message just now. Please try again in a few minutes, or write to us by email.',
    ),
    metric: 'unavailable',
  },
};

/** The request never reached the server (offline, DNS, reset): the page keeps every field. */
export const UNREACHABLE_RESULT: EnquiryResult = {
  ok: false,
  status: 0,
  message:
    'We could not send your message just now. Please check your connection and try again; nothing you typed has been lost.',
  fieldErrors: {},
};

export function checkFieldsMessage(count: number): string {
  return `Please check ${count === 1 ? 'the field' : `the ${count} fields`} marked below.`;
}

export function resultOf(
  kind: OutcomeKind,
  fieldErrors: FieldErrors = {},
  retryAfterSeconds?: number,
): EnquiryResult {
  if (kind === 'stored' || kind === 'spam') return { ok: true };
  const { status, message } = OUTCOMES[kind];
  const count = Object.keys(fieldErrors).length;
  return {
    ok: false,
    status,
    message: count > 0 ? checkFieldsMessage(count) : message(retryAfterSeconds ?? 0),
    fieldErrors,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
}
