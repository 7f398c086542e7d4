/**
 * What the browser and the server both know about the contact form. Client-safe (no server code,
 * no validation library); the rules live in `src/server/enquiries/schema.ts`.
 */
import type { EnquiryResult } from '../app/services.ts';

export const FIELD_NAMES = ['name', 'email', 'subject', 'message'] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

/** Maximum lengths in characters, after trimming; also the inputs' `maxlength`. */
export const LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

export const HONEYPOT_FIELD = 'website';

/**
 * Requested when the visitor starts filling the form (by CSS and by script): its 204 sets the time
 * trap's signed start cookie (docs/decisions/009-form-time-trap-without-a-page-token.md).
 */
export const START_PATH = '/api/enquiries/start';

/** Query parameter of the confirmation a visitor without JavaScript lands on. */
export const CONFIRMATION_QUERY = 'sent';
/** Hidden field naming the form that was sent, so the redirect lands on it. */
export const FORM_ID_FIELD = 'formId';
export const FORM_IDS = { contact: 'contact-form', home: 'home-contact-form' } as const;

/** What the action hands to the form: the outcome and, on a refusal, the text as posted. */
export interface EnquiryActionData {
  result: EnquiryResult;
  values: Partial<Record<FieldName, string>>;
}
