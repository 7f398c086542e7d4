/**
 * What the browser and the server both know about the contact form; client-safe. The rules live
 * in `src/server/enquiries/schema.ts`, the time trap in
 * docs/decisions/009-form-time-trap-without-a-page-token.md.
 */
import type { EnquiryResult } from '../app/services.ts';

export const FIELD_NAMES = ['name', 'email', 'subject', 'message'] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

/** Characters after trimming; also the inputs' `maxlength`. */
export const LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

export const HONEYPOT_FIELD = 'website';

/** Requested (by CSS and by script) when the visitor starts the form; sets the start cookie. */
export const START_PATH = '/api/enquiries/start';

/** The confirmation a visitor without JavaScript lands on. */
export const CONFIRMATION_QUERY = 'sent';
/** Hidden field naming the form that was sent, so the redirect lands on it. */
export const FORM_ID_FIELD = 'formId';
export const FORM_IDS = { contact: 'contact-form', home: 'home-contact-form' } as const;

/** On a refusal, `values` is the text as posted. */
export interface EnquiryActionData {
  result: EnquiryResult;
  values: Partial<Record<FieldName, string>>;
}
