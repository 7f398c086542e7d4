/** The time trap's start is fetched on first input: the page carries nothing per request. */
import { ArrowRight as arrowRightIcon } from 'lucide';
import { Icon } from '../ui/icon.tsx';
import { useEffect, useRef, type ReactNode, type Ref, type RefObject } from 'react';
import { Link, useActionData, useFetcher, useSearchParams, type Fetcher } from 'react-router';
import {
  CONFIRMATION_PARAM,
  ENHANCED_FIELD,
  FIELD_NAMES,
  FORM_ID_FIELD,
  FORM_IDS,
  HONEYPOT_FIELD,
  LIMITS,
  START_PATH,
  type EnquiryActionData,
  type FieldName,
} from '../../lib/enquiry-fields.ts';
import { checkFieldsMessage, SENT_MESSAGE } from '../../lib/enquiry-outcomes.ts';
import { cx } from '../ui/cx.ts';

export interface ContactFormProps {
  theme: 'light' | 'dark';
  placement: 'home' | 'contact';
}

const INPUTS = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject', type: 'text', autoComplete: 'off' },
] as const;

type FieldErrors = Partial<Record<FieldName, string>>;

export function ContactForm({ theme, placement }: ContactFormProps) {
  const formId = FORM_IDS[placement];
  const id = elementIds(placement);
  const fetcher = useFetcher<EnquiryActionData>({ key: formId });
  const posted = useActionData<EnquiryActionData | undefined>();
  const [params] = useSearchParams();
  const { form, status } = useSubmissionFocus(fetcher.data, fetcher.state);
  const start = useTimeTrapStart();

  // The fetcher's answer (JavaScript) wins over the page's own POST answer.
  const answer = fetcher.data ?? posted;
  const shown = describeAnswer(answer, params.get(CONFIRMATION_PARAM) === '1');
  const busy = fetcher.state !== 'idle';

  const dark = theme === 'dark';
  return (
    <fetcher.Form
      ref={form}
      id={formId}
      method="post"
      className={cx('contact-form', dark ? 'contact-form--dark' : 'contact-form--light')}
      data-theme={theme}
      aria-describedby={id('privacy-note')}
      onFocus={start}
      onInput={start}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        data.set(ENHANCED_FIELD, '1');
        void fetcher.submit(data, { method: 'post' });
      }}
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

/** Prefixed per copy, so labels point into their own form. */
function elementIds(placement: ContactFormProps['placement']): (part: string) => string {
  const prefix = placement === 'home' ? 'home-contact' : 'contact';
  return (part) => `${prefix}-${part}`;
}

/** Once per page view; again after failing. */
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

interface ShownAnswer {
  sent: boolean;
  failed: boolean;
  fieldErrors: FieldErrors;
  statusText: string;
  values: EnquiryActionData['values'];
}

/** `confirmed` (`?sent=1`) counts only without an answer. */
function describeAnswer(answer: EnquiryActionData | undefined, confirmed: boolean): ShownAnswer {
  const result = answer?.result;
  const sent = result ? result.ok : confirmed;
  const fieldErrors: FieldErrors = result && !result.ok ? result.fieldErrors : {};
  const invalid = FIELD_NAMES.filter((name) => fieldErrors[name]);
  const statusText = sent
    ? SENT_MESSAGE
    : result && !result.ok
      ? invalid.length > 0
        ? checkFieldsMessage(invalid.length)
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

/** Once hydrated, the server's messages replace the browser's validation bubbles. */
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
    >
      {text}
    </p>
  );
}

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

/** The message element is always present. */
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
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cx('contact-form__field', wide && 'contact-form__field--wide')}>
      <label htmlFor={id(name)}>{label}</label>
      {children}
      <p id={id(`${name}-error`)} className="contact-form__error">
        {error}
      </p>
    </div>
  );
}

function errorAttributes(controlId: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${controlId}-error` : undefined,
  };
}

/** Hidden from people and assistive technology, filled by bots. */
function Honeypot({ id }: { id: string }) {
  return (
    <div className="contact-form__trap" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty if you are human</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

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
