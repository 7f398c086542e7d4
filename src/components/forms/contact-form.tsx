/**
 * The contact form (docs/product.md#contact-form): name, email, subject and message, the privacy notice beside it and
 * a honeypot. The page carries nothing per request (it may be cached): the time trap's start
 * cookie is set when the visitor starts filling the form, by the stylesheet's `:focus-within`
 * background image and, with JavaScript, a `fetch` on first focus or input
 * (docs/decisions/009-form-time-trap-without-a-page-token.md).
 *
 * - Without JavaScript it is a plain `<form method="post">` to the page's route action
 *   (`src/routes/enquiry-action.ts`): success redirects (303) to `?sent=1#<form id>`, which this
 *   form shows as its confirmation; a refusal re-renders the page with the visitor's text, a
 *   summary in the status line and a message beside each wrong field (`aria-invalid`,
 *   `aria-describedby`).
 * - With JavaScript it submits through a fetcher (no reload, nothing typed is lost): the browser
 *   validation bubbles give way to the server's messages (`noValidate` is set after hydration),
 *   focus moves to the first wrong field or to the status line, and the fields clear only after
 *   the enquiry was accepted.
 *
 * Props: `theme` ('light' on the home page's white section, 'dark' on the black contact page) and
 * `placement` (which copy: decides the element ids and where the confirmation lands).
 */
import { ArrowRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useActionData, useFetcher, useSearchParams } from 'react-router';
import {
  FIELD_NAMES,
  HONEYPOT_FIELD,
  LIMITS,
  START_PATH,
  type FieldName,
} from '../../lib/enquiry-fields.ts';
import {
  CONFIRMATION_QUERY,
  FORM_ID_FIELD,
  FORM_IDS,
  type EnquiryActionData,
} from '../../routes/enquiry-action.ts';
import { cx } from '../ui/cx.ts';

/** The confirmation shown once an enquiry is stored. */
export const SENT_MESSAGE =
  'Thank you — your message has been sent. We reply within two working days.';

export interface ContactFormProps {
  theme: 'light' | 'dark';
  placement: 'home' | 'contact';
}

const INPUTS = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject', type: 'text', autoComplete: 'off' },
] as const;

/** "Please check the field marked below." / "…the 3 fields…" */
function summary(count: number): string {
  return `Please check ${count === 1 ? 'the field' : `the ${count} fields`} marked below.`;
}

export function ContactForm({ theme, placement }: ContactFormProps) {
  const formId = FORM_IDS[placement];
  const id = (s: string) => `${placement === 'home' ? 'home-contact' : 'contact'}-${s}`;
  const fetcher = useFetcher<EnquiryActionData>({ key: formId });
  const posted = useActionData<EnquiryActionData | undefined>();
  const [params] = useSearchParams();
  const form = useRef<HTMLFormElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const started = useRef(false);
  // The time trap's start, once per page view (the endpoint keeps an earlier valid start).
  const start = () => {
    if (started.current) return;
    started.current = true;
    void fetch(START_PATH, { credentials: 'same-origin', cache: 'no-store' }).catch(() => {
      started.current = false;
    });
  };

  // The fetcher's answer (JavaScript) wins over the page's own POST answer (no JavaScript).
  const answer = fetcher.data ?? posted;
  const result = answer?.result;
  const sent = result ? result.ok : params.get(CONFIRMATION_QUERY) === '1';
  const fieldErrors: Partial<Record<FieldName, string>> =
    result && !result.ok ? result.fieldErrors : {};
  const invalid = FIELD_NAMES.filter((name) => fieldErrors[name]);
  const statusText = sent
    ? SENT_MESSAGE
    : result && !result.ok
      ? invalid.length > 0
        ? summary(invalid.length)
        : result.message
      : '';
  const busy = fetcher.state !== 'idle';
  const values = answer?.values ?? {};

  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, []);

  // After a fetcher submission settles: clear on success, then move focus where it helps.
  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== 'idle') return;
    if (data.result.ok) {
      form.current?.reset();
      status.current?.focus();
      return;
    }
    const first = FIELD_NAMES.find(
      (name) => data.result.ok === false && data.result.fieldErrors[name],
    );
    const target = first ? form.current?.elements.namedItem(first) : status.current;
    if (target instanceof HTMLElement) target.focus();
  }, [fetcher.data, fetcher.state]);

  const dark = theme === 'dark';
  return (
    <fetcher.Form
      ref={form}
      id={formId}
      method="post"
      className={cx('contact-form', dark ? 'contact-form--dark' : 'contact-form--light')}
      data-theme={theme}
      data-enquiry-form=""
      aria-describedby={id('privacy-note')}
      onFocus={start}
      onInput={start}
    >
      <p
        ref={status}
        id={id('status')}
        role="status"
        tabIndex={-1}
        className={cx(
          'contact-form__status',
          result && !result.ok && 'is-error',
          sent && 'is-sent',
        )}
        data-status=""
      >
        {statusText}
      </p>
      <div className="contact-form__grid">
        {INPUTS.map((f) => (
          <div key={f.name} className="contact-form__field">
            <label htmlFor={id(f.name)}>{f.label}</label>
            <input
              // A new answer re-mounts the field with the text as posted (no-JS path).
              key={`${f.name}:${values[f.name] ?? ''}`}
              id={id(f.name)}
              name={f.name}
              type={f.type}
              required
              maxLength={LIMITS[f.name]}
              autoComplete={f.autoComplete}
              defaultValue={values[f.name] ?? ''}
              aria-invalid={fieldErrors[f.name] ? true : undefined}
              aria-describedby={fieldErrors[f.name] ? id(`${f.name}-error`) : undefined}
            />
            <p id={id(`${f.name}-error`)} className="contact-form__error" data-error-for={f.name}>
              {fieldErrors[f.name]}
            </p>
          </div>
        ))}
        <div className="contact-form__field contact-form__field--wide">
          <label htmlFor={id('message')}>Message</label>
          <textarea
            key={`message:${values.message ?? ''}`}
            id={id('message')}
            name="message"
            rows={4}
            required
            maxLength={LIMITS.message}
            defaultValue={values.message ?? ''}
            aria-invalid={fieldErrors.message ? true : undefined}
            aria-describedby={fieldErrors.message ? id('message-error') : undefined}
          />
          <p id={id('message-error')} className="contact-form__error" data-error-for="message">
            {fieldErrors.message}
          </p>
        </div>
      </div>
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor={id(HONEYPOT_FIELD)}>Leave this field empty if you are human</label>
        <input
          id={id(HONEYPOT_FIELD)}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <input type="hidden" name={FORM_ID_FIELD} value={formId} />
      <div className="contact-form__footer">
        <button type="submit" className="contact-form__submit" aria-busy={busy || undefined}>
          <span>{busy ? 'Sending…' : 'Send message'}</span>
          <ArrowRight aria-hidden="true" size={20} strokeWidth={1.75} />
        </button>
        <p id={id('privacy-note')} className="contact-form__privacy">
          We use your details only to answer your enquiry.{' '}
          <Link to="/contact#privacy">How we handle your enquiry</Link>
        </p>
      </div>
    </fetcher.Form>
  );
}
