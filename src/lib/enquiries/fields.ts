/**
 * The contact form's field names (docs/product.md#contact-form), in display order. Apart from `schema.ts` so the
 * browser can name fields without bundling the schema's validation library.
 */
export const FIELD_NAMES = ['name', 'email', 'subject', 'message'] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

/** Maximum lengths in characters (after trimming), also the inputs' `maxlength`. */
export const LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

/** Name of the honeypot field: humans leave it empty, naive bots fill it. */
export const HONEYPOT_FIELD = 'website';
/** Name of the hidden field carrying the signed render timestamp. */
export const TOKEN_FIELD = 'formToken';
