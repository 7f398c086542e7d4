/**
 * The contact form's route action (docs/product.md#contact-form), on the home and contact pages:
 * the body is parsed once, here, from the request the framework gives. A plain form post (no
 * JavaScript) that succeeds is redirected with 303 to `<page>?sent=1#<form id>`, so a reload cannot
 * resubmit; the form's script marks its posts ({@link ENHANCED_FIELD}) and gets the result as data.
 */
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type ClientActionFunctionArgs,
  type HeadersArgs,
} from 'react-router';
import { siteContext } from '../react/load-context.ts';
import {
  CONFIRMATION_SEARCH,
  ENHANCED_FIELD,
  FIELD_NAMES,
  FORM_ID_FIELD,
  FORM_IDS,
  type EnquiryActionData,
} from '../lib/enquiry-fields.ts';
import { UNREACHABLE_RESULT } from '../lib/enquiry-outcomes.ts';

/** A form id from the hidden field, or the contact page's when it is not one of ours. */
function formIdOf(value: FormDataEntryValue | null): string {
  const ids: readonly string[] = Object.values(FORM_IDS);
  return typeof value === 'string' && ids.includes(value) ? value : FORM_IDS.contact;
}

export async function enquiryAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const { enquiries, clientIp, crossSite } = context.get(siteContext);
  const { result, setCookies } = await enquiries.submit(form, request, clientIp, crossSite);
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  if (result.ok) {
    if (form?.get(ENHANCED_FIELD) === null) {
      const { pathname } = new URL(request.url);
      const anchor = formIdOf(form.get(FORM_ID_FIELD));
      return redirect(`${pathname}${CONFIRMATION_SEARCH}#${anchor}`, { status: 303, headers });
    }
    return data<EnquiryActionData>({ result, values: {} }, { headers });
  }
  const values: EnquiryActionData['values'] = {};
  for (const name of FIELD_NAMES) {
    const value = form?.get(name);
    if (typeof value === 'string') values[name] = value.slice(0, 10_000);
  }
  if (result.retryAfterSeconds !== undefined) {
    headers.set('Retry-After', String(result.retryAfterSeconds));
  }
  return data<EnquiryActionData>({ result, values }, { status: result.status, headers });
}

/**
 * The headers of the page re-rendered for a plain post: the framework passes on an action's
 * cookies by itself but nothing else (https://reactrouter.com/how-to/headers), so a 429's
 * `Retry-After` is copied here; the script's data answers carry the action's headers as they are.
 */
export function enquiryHeaders({ parentHeaders, actionHeaders }: HeadersArgs): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter !== null) headers.set('Retry-After', retryAfter);
  return headers;
}

/**
 * The form's posts with JavaScript: the server's action, or, when the server cannot be reached, a
 * result the form shows beside the visitor's text instead of the page's error boundary.
 */
export async function enquiryClientAction({
  serverAction,
}: ClientActionFunctionArgs): Promise<EnquiryActionData> {
  try {
    return await serverAction<EnquiryActionData>();
  } catch (error) {
    if (error instanceof Response) throw error;
    return { result: UNREACHABLE_RESULT, values: {} };
  }
}
