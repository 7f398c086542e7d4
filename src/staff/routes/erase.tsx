/**
 * `/staff/erase`: erase everything stored about one email address (a visitor's request under
 * India's Digital Personal Data Protection Act 2023 or the GDPR; docs/product.md#staff-inbox).
 * `review` shows what will be lost, changing nothing; `confirm` erases, 303 to `?erased=N`.
 */
import { data, Form, Link, redirect } from 'react-router';
import { buttonClass, Notice, PageHeading, TEXT_FIELD } from '../components/ui.tsx';
import { STAFF_BASE } from '../../lib/staff-paths.ts';
import { record, staffRequest } from '../session.server.ts';
import type { Route } from './+types/erase.ts';

/** A plausible address, as the contact form accepts them (≤ 254 characters). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function loader({ url }: Route.LoaderArgs) {
  const erased = url.searchParams.get('erased');
  return { erased: erased !== null && /^\d{1,9}$/.test(erased) ? Number(erased) : null };
}

type ActionData =
  | { step: 'entry'; email: string; error: string }
  | { step: 'review'; email: string; count: number | null; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { inbox } = staffRequest(context).server;
  const form = await request.formData();
  const field = form.get('email');
  const email = typeof field === 'string' ? field.trim() : '';
  if (!EMAIL.test(email) || email.length > 254) {
    const error = 'Enter the email address, like name@example.com.';
    return data<ActionData>({ step: 'entry', email, error }, { status: 400 });
  }
  if (form.get('intent') !== 'confirm') {
    return data<ActionData>({ step: 'review', email, count: await inbox.countByEmail(email) });
  }
  if (form.get('understood') !== 'yes') {
    const error = 'Tick the box to confirm you understand this cannot be undone.';
    const count = await inbox.countByEmail(email);
    return data<ActionData>({ step: 'review', email, count, error }, { status: 400 });
  }
  const erased = await inbox.erase(email);
  await record(context, 'enquiries-erased', null, `${erased} enquiries`);
  return redirect(`${STAFF_BASE}/erase?erased=${erased}`, 303);
}

function Entry({ email, error }: { email: string; error?: string | undefined }) {
  return (
    <Form method="post" noValidate className="max-w-xl">
      <input type="hidden" name="intent" value="review" />
      <div className="mb-4 flex flex-col gap-1">
        <label htmlFor="erase-email" className="text-sm font-semibold">
          Email address of the person
        </label>
        <input
          id="erase-email"
          type="email"
          name="email"
          required
          autoComplete="off"
          defaultValue={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'erase-email-error' : undefined}
          className={TEXT_FIELD}
        />
        {error ? (
          <p id="erase-email-error" className="text-sm font-semibold text-accent">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass('primary')}>
        Review what will be erased
      </button>
    </Form>
  );
}

function Review({
  email,
  count,
  error,
}: {
  email: string;
  count: number | null;
  error?: string | undefined;
}) {
  const what =
    count === null
      ? 'every enquiry sent from'
      : `${count} ${count === 1 ? 'enquiry' : 'enquiries'} sent from`;
  if (count === 0) {
    return (
      <>
        <Notice tone="status">
          No stored enquiry was sent from <bdi className="font-semibold">{email}</bdi>. Nothing to
          erase.
        </Notice>
        <Entry email="" />
      </>
    );
  }
  return (
    <section aria-labelledby="review-title" className="max-w-2xl">
      <h2 id="review-title" className="mb-3 font-display text-2xl">
        Erase {what} <bdi className="break-all">{email}</bdi>?
      </h2>
      <p className="mb-2">This will permanently remove, from every one of them:</p>
      <ul className="mb-4 list-disc pl-6">
        <li>the person&rsquo;s name and email address;</li>
        <li>the subject and the whole message;</li>
        <li>the browser details stored with each;</li>
        <li>their delivery records, so nothing not yet delivered will be sent.</li>
      </ul>
      <p className="mb-6">
        What stays: each enquiry&rsquo;s id, when it arrived, and the status &ldquo;Erased&rdquo;.
        This cannot be undone. Copies already delivered by e-mail or chat are not touched: delete
        those where they arrived.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="email" value={email} />
        <div className="mb-4 flex items-start gap-3">
          <input
            id="erase-understood"
            type="checkbox"
            name="understood"
            value="yes"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'erase-understood-error' : undefined}
            className="mt-1 size-5 shrink-0 accent-ink"
          />
          <label htmlFor="erase-understood">
            I understand that this erases {what} this address and cannot be undone.
          </label>
        </div>
        {error ? (
          <p id="erase-understood-error" className="mb-4 text-sm font-semibold text-accent">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={buttonClass('danger')}>
            Erase{' '}
            {count === null ? 'everything' : `${count} ${count === 1 ? 'enquiry' : 'enquiries'}`}
          </button>
          <Link to={`${STAFF_BASE}/erase`} className="underline underline-offset-4">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

export default function Erase({ loaderData, actionData: result }: Route.ComponentProps) {
  const { erased } = loaderData;
  return (
    <>
      <PageHeading
        title="Erase a person’s data"
        lede="For a visitor who asks for everything about them to be deleted."
      />
      {erased !== null && !result ? (
        <Notice tone="status">
          Erased {erased} {erased === 1 ? 'enquiry' : 'enquiries'}. The audit log records the
          erasure without the address.
        </Notice>
      ) : null}
      {result?.step === 'review' ? (
        <Review email={result.email} count={result.count} error={result.error} />
      ) : (
        <Entry
          email={result?.email ?? ''}
          error={result?.step === 'entry' ? result.error : undefined}
        />
      )}
    </>
  );
}
