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
import { ArrowRight as arrowRightIcon } from 'lucide';
import { Icon } from '../ui/icon.tsx';
import { useEffect, useRef, type ReactNode, type Ref, type RefObject } from 'react';
import { Link, useActionData, useFetcher, useSearchParams, type Fetcher } from 'react-router';
import {
  CONFIRMATION_QUERY,
  FIELD_NAMES,
  FORM_ID_FIELD,
  FORM_IDS,
  HONEYPOT_FIELD,
  LIMITS,
  START_PATH,
  type EnquiryActionData,
  type FieldName,
} from '../../lib/enquiry-fields.ts';
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

/** Messages beside the fields, by field name; a field without one is fine. */
type FieldErrors = Partial<Record<FieldName, string>>;

/** "Please check the field marked below." / "…the 3 fields…" */
function summary(count: number): string {
  return `Please check ${count === 1 ? 'the field' : `the ${count} fields`} marked below.`;
}

export function ContactForm({ theme, placement }: ContactFormProps) {
  const formId = FORM_IDS[placement];
  const id = elementIds(placement);
  const fetcher = useFetcher<EnquiryActionData>({ key: formId });
  const posted = useActionData<EnquiryActionData | undefined>();
  const [params] = useSearchParams();
  const { form, status } = useSubmissionFocus(fetcher.data, fetcher.state);
  const start = useTimeTrapStart();

  // The fetcher's answer (JavaScript) wins over the page's own POST answer (no JavaScript).
  const answer = fetcher.data ?? posted;
  const shown = describeAnswer(answer, params.get(CONFIRMATION_QUERY) === '1');
  const busy = fetcher.state !== 'idle';

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
      <FormStatus
        ref={status}
        id={id('status')}
        text={shown.statusText}
        failed={shown.failed}
        sent={shown.sent}
      />
      <FormFields id={id} values={shown.values} fieldErrors={shown.fieldErrors} />
      <Honeypot id={id(HONEYPOT_FIELD)} />
      <input type="hidden" name={FORM_ID_FIELD} value={formId} />
      <FormFooter busy={busy} privacyNoteId={id('privacy-note')} />
    </fetcher.Form>
  );
}

/**
 * The element ids of one copy of the form: `home-contact-<part>` on the home page,
 * `contact-<part>` on the contact page, so labels, `aria-describedby` and the status line point
 * into their own copy.
 */
function elementIds(placement: ContactFormProps['placement']): (part: string) => string {
  const prefix = placement === 'home' ? 'home-contact' : 'contact';
  return (part) => `${prefix}-${part}`;
}

/**
 * The time trap's start (docs/decisions/009-form-time-trap-without-a-page-token.md): the
 * returned handler asks `START_PATH` for the start cookie on the first focus or input, once per
 * page view (the endpoint keeps an earlier valid start), and again on the next one if that request
 * failed. Never throws.
 */
function useTimeTrapStart(): () => void {
  const started = useRef(false);
  return () => {
    if (started.current) return;
    started.current = true;
    void fetch(START_PATH, { credentials: 'same-origin', cache: 'no-store' }).catch(() => {
      started.current = false;
    });
  };
}

/** What the form shows for the latest answer; see {@link describeAnswer}. */
interface ShownAnswer {
  /** The enquiry was stored: the confirmation shows. */
  sent: boolean;
  /** The enquiry was refused: the status line is an error. */
  failed: boolean;
  fieldErrors: FieldErrors;
  /** The status line: the confirmation, a summary of the wrong fields, the refusal, or ''. */
  statusText: string;
  /** The visitor's text as posted, to put back into the fields (empty after success). */
  values: EnquiryActionData['values'];
}

/**
 * Turns the action's answer (undefined before any submission) into what the form shows.
 * `confirmed` is whether the page is the no-JavaScript confirmation (`?sent=1`), which counts
 * only while there is no answer.
 */
function describeAnswer(answer: EnquiryActionData | undefined, confirmed: boolean): ShownAnswer {
  const result = answer?.result;
  const sent = result ? result.ok : confirmed;
  const fieldErrors: FieldErrors = result && !result.ok ? result.fieldErrors : {};
  const invalid = FIELD_NAMES.filter((name) => fieldErrors[name]);
  const statusText = sent
    ? SENT_MESSAGE
    : result && !result.ok
      ? invalid.length > 0
        ? summary(invalid.length)
        : result.message
      : '';
  return {
    sent,
    failed: result !== undefined && !result.ok,
    fieldErrors,
    statusText,
    values: answer?.values ?? {},
  };
}

/**
 * The form's behaviour once hydrated: the browser's validation bubbles give way to the server's
 * messages (`noValidate`), and after a fetcher submission settles (`state` back to 'idle' with
 * `data`) the fields clear on success and focus moves to the status line, or on a refusal to the
 * first wrong field (in `FIELD_NAMES` order) or, when no field is named, the status line.
 *
 * @returns the refs to attach to the `<form>` and to the status line.
 */
function useSubmissionFocus(
  data: EnquiryActionData | undefined,
  state: Fetcher['state'],
): { form: RefObject<HTMLFormElement | null>; status: RefObject<HTMLParagraphElement | null> } {
  const form = useRef<HTMLFormElement>(null);
  const status = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, []);

  useEffect(() => {
    if (!data || state !== 'idle') return;
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
  }, [data, state]);

  return { form, status };
}

/**
 * The status line (`role="status"`): the confirmation or the refusal's summary. Focusable from
 * script only (`tabIndex={-1}`) so focus can land on it after a submission.
 */
function FormStatus({
  ref,
  id,
  text,
  failed,
  sent,
}: {
  ref: Ref<HTMLParagraphElement>;
  id: string;
  text: string;
  failed: boolean;
  sent: boolean;
}) {
  return (
    <p
      ref={ref}
      id={id}
      role="status"
      tabIndex={-1}
      className={cx('contact-form__status', failed && 'is-error', sent && 'is-sent')}
      data-status=""
    >
      {text}
    </p>
  );
}

/**
 * The four visible fields (name, email, subject; message at full width), filled with `values`
 * and marked with `fieldErrors`. A new answer re-mounts a control (its `key` holds the text) so
 * it shows the text as posted (no-JS path).
 */
function FormFields({
  id,
  values,
  fieldErrors,
}: {
  id: (part: string) => string;
  values: EnquiryActionData['values'];
  fieldErrors: FieldErrors;
}) {
  return (
    <div className="contact-form__grid">
      {INPUTS.map((f) => (
        <Field key={f.name} name={f.name} label={f.label} id={id} error={fieldErrors[f.name]}>
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
            {...errorAttributes(id(f.name), fieldErrors[f.name])}
          />
        </Field>
      ))}
      <Field wide name="message" label="Message" id={id} error={fieldErrors.message}>
        <textarea
          key={`message:${values.message ?? ''}`}
          id={id('message')}
          name="message"
          rows={4}
          required
          maxLength={LIMITS.message}
          defaultValue={values.message ?? ''}
          {...errorAttributes(id('message'), fieldErrors.message)}
        />
      </Field>
    </div>
  );
}

/**
 * One field's frame: the label, the control passed as `children` (whose id is `id(name)`), and
 * the server's message for it in `<p id="<id(name)>-error">`, present (empty) even when the field
 * is fine so the control can point at it.
 */
function Field({
  name,
  label,
  id,
  error,
  wide = false,
  children,
}: {
  name: FieldName;
  label: string;
  id: (part: string) => string;
  error: string | undefined;
  /** Spans the whole grid row (the message). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cx('contact-form__field', wide && 'contact-form__field--wide')}>
      <label htmlFor={id(name)}>{label}</label>
      {children}
      <p id={id(`${name}-error`)} className="contact-form__error" data-error-for={name}>
        {error}
      </p>
    </div>
  );
}

/**
 * `aria-invalid` and `aria-describedby` (naming the message `<p>` of {@link Field}) for a control
 * with a server message; neither attribute when `error` is undefined or empty.
 */
function errorAttributes(controlId: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${controlId}-error` : undefined,
  };
}

/** The honeypot: a field hidden from people (and from assistive technology) that bots fill. */
function Honeypot({ id }: { id: string }) {
  return (
    <div className="contact-form__trap" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty if you are human</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/**
 * The submit button ("Sending…" and `aria-busy` while a submission is under way) and the
 * privacy note the form names in `aria-describedby`.
 */
function FormFooter({ busy, privacyNoteId }: { busy: boolean; privacyNoteId: string }) {
  return (
    <div className="contact-form__footer">
      <button type="submit" className="contact-form__submit" aria-busy={busy || undefined}>
        <span>{busy ? 'Sending…' : 'Send message'}</span>
        <Icon icon={arrowRightIcon} size={20} strokeWidth={1.75} />
      </button>
      <p id={privacyNoteId} className="contact-form__privacy">
        We use your details only to answer your enquiry.{' '}
        <Link to="/contact#privacy">How we handle your enquiry</Link>
      </p>
    </div>
  );
}
