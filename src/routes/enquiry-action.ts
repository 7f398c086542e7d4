/**
 * The contact form's route action, shared by the two routes that show the form (home and
 * contact):
 *
 * - a plain POST without JavaScript runs it on the server: success answers `303 See Other` to
 *   `<page>?sent=1#<form id>` (Post/Redirect/Get, so a reload cannot resubmit); a refusal
 *   re-renders the page with its status (400/403/429…), the visitor's text and the messages;
 * - with JavaScript the form submits through a fetcher: the action runs in the browser, where
 *   `submitEnquiry` posts to `/api/enquiries`, and its data updates the form without a reload.
 *
 * Either way the rules are the server's (`src/server/enquiries/http.ts`), reached through
 * `servicesContext`, and every answer comes from the one table in `src/lib/enquiry-outcomes.ts`.
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

/** The route action; see the module comment. */
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
