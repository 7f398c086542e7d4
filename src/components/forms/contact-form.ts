/**
 * Progressive enhancement of the contact form (issue #3 §1, §2): sends the form to the
 * `contact.submit` action with `fetch` (no reload), shows the per-field messages of the shared
 * Zod schema as the action returns them, announces the confirmation in the form's
 * `role="status"` paragraph, clears the fields and moves focus to that message.
 *
 * Size matters (the home page JS budget is 12 KB compressed, shared with the widgets): bundling
 * even `zod/mini` here cost 6 KB gzip, so the browser does not re-run the schema — the action
 * validates with it and its answer (a same-origin round trip of a few ms) carries the schema's
 * own messages, so the client and the no-JS path show identical text. `fetch` instead of the
 * `astro:actions` client saves the devalue runtime. Without JS the form posts normally.
 */
import type { FieldName } from '../../lib/enquiries/schema.ts';

const FIELD_NAMES: readonly FieldName[] = ['name', 'email', 'subject', 'message'];

const SENT = 'Thank you — your message has been sent. We reply within two working days.';
const OFFLINE =
  'We could not send your message just now. Please check your connection and try again; nothing you typed has been lost.';

type Errors = Partial<Record<FieldName, string>>;

function enhance(form: HTMLFormElement): void {
  const status = form.querySelector<HTMLElement>('[data-status]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!status || !button) return;
  // Our messages replace the browser's bubbles; the server checks everything again anyway.
  form.noValidate = true;

  const control = (name: FieldName) =>
    form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;

  const say = (text: string, kind: 'ok' | 'error' | '') => {
    status.textContent = text;
    status.classList.toggle('is-error', kind === 'error');
    status.classList.toggle('is-sent', kind === 'ok');
  };

  const show = (errors: Errors) => {
    for (const name of FIELD_NAMES) {
      const el = control(name);
      const msg = form.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
      if (!el || !msg) continue;
      const text = errors[name];
      msg.textContent = text ?? '';
      if (text) {
        el.setAttribute('aria-invalid', 'true');
        el.setAttribute('aria-describedby', msg.id);
      } else {
        el.removeAttribute('aria-invalid');
        el.removeAttribute('aria-describedby');
      }
    }
    const first = FIELD_NAMES.find((n) => errors[n]);
    if (first) {
      const n = FIELD_NAMES.filter((f) => errors[f]).length;
      say(`Please check ${n === 1 ? 'the field' : `the ${n} fields`} marked below.`, 'error');
      control(first)?.focus();
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.getAttribute('aria-busy') === 'true') return;
    const data = new FormData(form);
    button.setAttribute('aria-busy', 'true');
    say('', '');
    void fetch(form.dataset['endpoint'] ?? '/_actions/contact.submit', {
      method: 'POST',
      body: data,
      headers: { Accept: 'application/json' },
    })
      .then(async (res) => {
        if (res.ok) {
          form.reset();
          show({});
          say(SENT, 'ok');
          status.focus();
          return;
        }
        const body = (await res.json().catch(() => ({}))) as {
          fields?: Record<string, string[] | undefined>;
          message?: string;
        };
        if (body.fields) {
          show(Object.fromEntries(Object.entries(body.fields).map(([k, v]) => [k, v?.[0]])));
        } else {
          say(body.message || OFFLINE, 'error');
          status.focus();
        }
      })
      .catch(() => {
        say(OFFLINE, 'error');
        status.focus();
      })
      .finally(() => button.removeAttribute('aria-busy'));
  });
}

document.querySelectorAll<HTMLFormElement>('form[data-enquiry-form]').forEach(enhance);
