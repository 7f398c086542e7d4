/**
 * The contact form's route action (docs/product.md#contact-form). Without JavaScript, success
 * redirects with 303 to `<page>?sent=1#<form id>`, so a reload cannot resubmit; with it, the
 * fetcher's data updates the form.
 */
import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { servicesContext } from '../app/services.ts';
import {
  FIELD_NAMES,
  FORM_ID_FIELD,
  FORM_IDS,
  CONFIRMATION_QUERY,
  type EnquiryActionData,
} from '../lib/enquiry-fields.ts';
import { resultOf } from '../lib/enquiry-outcomes.ts';

/** A form id from the hidden field, or the contact page's when it is not one of ours. */
function formIdOf(value: FormDataEntryValue | null): string {
  const ids: readonly string[] = Object.values(FORM_IDS);
  return typeof value === 'string' && ids.includes(value) ? value : FORM_IDS.contact;
}

export async function enquiryAction({ request, context }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    const result = resultOf('unreadable');
    return data<EnquiryActionData>({ result, values: {} }, { status: 400 });
  }
  const result = await context.get(servicesContext).submitEnquiry(form, request);
  if (result.ok) {
    if (import.meta.env.SSR) {
      const { pathname } = new URL(request.url);
      const anchor = formIdOf(form.get(FORM_ID_FIELD));
      return redirect(`${pathname}?${CONFIRMATION_QUERY}=1#${anchor}`, 303);
    }
    return data<EnquiryActionData>({ result, values: {} });
  }
  const values: EnquiryActionData['values'] = {};
  for (const name of FIELD_NAMES) {
    const value = form.get(name);
    if (typeof value === 'string') values[name] = value.slice(0, 10_000);
  }
  const headers = new Headers();
  if (result.retryAfterSeconds !== undefined) {
    headers.set('Retry-After', String(result.retryAfterSeconds));
  }
  // Status 0 (the browser could not reach the server) is not an HTTP status: report 503.
  const status = result.status >= 400 ? result.status : 503;
  return data<EnquiryActionData>({ result, values }, { status, headers });
}
