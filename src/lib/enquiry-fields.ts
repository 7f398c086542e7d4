/** Client-safe: docs/decisions/009-form-time-trap-without-a-page-token.md */
export const FIELD_NAMES = ['name', 'email', 'subject', 'message'] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

/** Characters after trimming; also the inputs' `maxlength`. */
export const LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

export const HONEYPOT_FIELD = 'website';

/** Requested by CSS and script when the visitor starts the form; sets the start cookie. */
export const START_PATH = '/api/enquiries/start';

/** A stored variant of the page (docs/decisions/006-pages-rendered-once-per-release.md). */
export const CONFIRMATION_PARAM = 'sent';
export const CONFIRMATION_SEARCH = `?${CONFIRMATION_PARAM}=1`;
/** Added by script: the action answers with data, not a redirect. */
export const ENHANCED_FIELD = 'enhanced';
/** So the redirect lands on the form that was sent. */
export const FORM_ID_FIELD = 'formId';
export const FORM_IDS = { contact: 'contact-form', home: 'home-contact-form' } as const;

/** Absent fields are valid. */
export type FieldErrors = Partial<Record<FieldName, string>>;

/** `ok` once stored, spam alike (`src/lib/enquiry-outcomes.ts`); `fieldErrors` for 400. */
export type EnquiryResult =
  | { ok: true }
  | {
      ok: false;
      status: number;
      message: string;
      fieldErrors: FieldErrors;
      retryAfterSeconds?: number;
    };

/** On a refusal, `values` is the text as posted. */
export interface EnquiryActionData {
  result: EnquiryResult;
  values: Partial<Record<FieldName, string>>;
}
