/**
 * The one validation schema for an enquiry (docs/product.md#contact-form), shared by the server action
 * and the browser enhancement script so both give the same human messages.
 *
 * Rules: every field is trimmed and required; email is a valid address of at most 254
 * characters; name ≤ 100, subject ≤ 150, message ≤ 5,000 characters; name, email and subject
 * must not contain control characters (CR/LF would allow e-mail header injection). The message
 * may contain line breaks and tabs but no other control characters.
 *
 * Plain ESM TypeScript with erasable syntax only, so Node can also load it directly
 * (see `runtime.ts` for why).
 */
import * as z from 'zod/mini';
import { FIELD_NAMES, HONEYPOT_FIELD, LIMITS, TOKEN_FIELD, type FieldName } from './fields.ts';

export { FIELD_NAMES, HONEYPOT_FIELD, LIMITS, TOKEN_FIELD, type FieldName };

// C0 controls, DEL, C1 controls, the Unicode line/paragraph separators, and U+FFFD (what
// invalid UTF-8 in a request decodes to: a person never types it).

// eslint-disable-next-line no-control-regex -- control characters are what this rule finds
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufffd]/;
// The message keeps \t, \n and \r; everything else in the control ranges is refused.

// eslint-disable-next-line no-control-regex -- control characters are what this rule finds
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/;

/** A deliberately simple address rule (one @, no spaces, a dot in the domain); SMTP decides the rest. */
const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\]]+$/;

/**
 * Required, trimmed text with a label-specific message for each failure. Built with `zod/mini`
 * so the browser copy stays a few kilobytes (the home page's JS budget is 12 KB compressed).
 */
function text(label: string, max: number, singleLine: boolean) {
  const missing = `Please enter your ${label}.`;
  return z.string({ error: missing }).check(
    z.trim(),
    z.minLength(1, { error: missing, abort: true }),
    z.maxLength(max, { error: `Please keep your ${label} to ${max} characters or fewer.` }),
    z.refine((v: string) => !(singleLine ? SINGLE_LINE_CONTROL : MULTI_LINE_CONTROL).test(v), {
      error: `Your ${label} contains characters we cannot accept, such as line breaks. Please remove them.`,
    }),
  );
}

const emailMissing = 'Please enter your email address.';

/** The four visitor-facing fields. */
export const enquirySchema = z.object({
  name: text('name', LIMITS.name, true),
  email: z.string({ error: emailMissing }).check(
    z.trim(),
    z.minLength(1, { error: emailMissing, abort: true }),
    z.maxLength(LIMITS.email, {
      error: 'Please use an email address of 254 characters or fewer.',
      abort: true,
    }),
    z.refine((v: string) => !SINGLE_LINE_CONTROL.test(v) && EMAIL.test(v), {
      error: 'Please enter a valid email address, like name@example.com.',
    }),
  ),
  subject: text('subject', LIMITS.subject, true),
  message: text('message', LIMITS.message, false),
});

/** A validated enquiry: four trimmed strings. */
export type Enquiry = z.infer<typeof enquirySchema>;

/**
 * What the action accepts: the enquiry plus the two anti-spam fields. Both are optional and
 * loosely checked on purpose: a missing or odd value is a spam signal, never a visible error.
 */
export const submissionInputSchema = z.extend(enquirySchema, {
  [HONEYPOT_FIELD]: z.nullish(z.string().check(z.maxLength(1000))),
  [TOKEN_FIELD]: z.nullish(z.string().check(z.maxLength(200))),
});

/**
 * Validate plain values (no HTTP types) and return the first message per field, for the
 * client script. `{}` means valid.
 */
export function fieldErrors(values: Record<string, unknown>): Partial<Record<FieldName, string>> {
  const parsed = enquirySchema.safeParse(values);
  const out: Partial<Record<FieldName, string>> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && (FIELD_NAMES as readonly string[]).includes(key)) {
      out[key as FieldName] ??= issue.message;
    }
  }
  return out;
}
