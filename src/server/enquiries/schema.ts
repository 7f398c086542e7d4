/** Controls are refused outside the message: CR/LF would allow e-mail header injection. */
import * as z from 'zod/mini';
import type { FieldErrors } from '../../lib/enquiry-fields.ts';
import { FIELD_NAMES, HONEYPOT_FIELD, LIMITS, type FieldName } from '../../lib/enquiry-fields.ts';

// U+FFFD: what invalid UTF-8 decodes to.
// eslint-disable-next-line no-control-regex -- control characters are what this rule finds
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufffd]/;
// eslint-disable-next-line no-control-regex -- control characters are what this rule finds
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/;

/** Deliberately simple: one @, no spaces, a dot in the domain; SMTP decides the rest. */
const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\]]+$/;

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

export type Enquiry = z.infer<typeof enquirySchema>;

/** The honeypot is loosely checked on purpose: filled, it is a spam signal, never an error. */
export const submissionInputSchema = z.extend(enquirySchema, {
  [HONEYPOT_FIELD]: z.nullish(z.string().check(z.maxLength(1000))),
});

export type SubmissionInput = z.infer<typeof submissionInputSchema>;

/** Non-strings count as missing; errors `{}` when only hidden fields failed (a long honeypot). */
export function checkSubmission(
  values: Record<string, unknown>,
): { ok: true; input: SubmissionInput } | { ok: false; fieldErrors: FieldErrors } {
  const parsed = submissionInputSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && (FIELD_NAMES as readonly string[]).includes(key)) {
      fieldErrors[key as FieldName] ??= issue.message;
    }
  }
  return { ok: false, fieldErrors };
}
