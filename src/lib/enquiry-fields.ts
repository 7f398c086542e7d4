/**
 * What the browser and the server both know about the contact form: field names in display
 * order, length limits, the honeypot's name and the address of the time trap's start endpoint.
 * Client-safe (no server imports, no validation library), so the form component can use it
 * without bundling server code; the rules themselves live in `src/server/enquiries/schema.ts`.
 */
import type { EnquiryResult } from '../app/services.ts';

export const FIELD_NAMES = ['name', 'email', 'subject', 'message'] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

/** Maximum lengths in characters (after trimming), also the inputs' `maxlength`. */
export const LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

/** Name of the honeypot field: humans leave it empty, naive bots fill it. */
export const HONEYPOT_FIELD = 'website';

/**
 * `GET` here when the visitor starts filling the form: the answer (204, `no-store`) sets the
 * signed start-time cookie of the time trap (docs/decisions/009-form-time-trap-without-a-page-token.md).
 * Requested by a CSS background image on `:focus-within` (no JavaScript needed) and by a
 * `fetch` on first focus or input.
 */
export const START_PATH = '/api/enquiries/start';

/** Query parameter of the confirmation page a no-JavaScript visitor lands on. */
export const CONFIRMATION_QUERY = 'sent';
/** Hidden field naming the form that was sent, so the redirect lands on it. */
export const FORM_ID_FIELD = 'formId';
/** The form ids the two pages use (`<form id>`, and the anchor after the redirect). */
export const FORM_IDS = { contact: 'contact-form', home: 'home-contact-form' } as const;

/** What the action hands to the form: the outcome, and on a refusal the text to keep. */
export interface EnquiryActionData {
  result: EnquiryResult;
  /** The visitor's text as posted (empty after success). */
  values: Partial<Record<FieldName, string>>;
}
