/**
 * The contact form's route action (`src/routes/enquiry-action.ts`) as the two kinds of client
 * reach it: a plain form post to the page (no JavaScript), answered 303 to the confirmation or
 * with the page again; and the form's script, which posts the same fields plus `enhanced` to the
 * framework's data request for the page (`/contact.data`; `/_.data?index` for the home page) and
 * gets the action's result as data, with the action's status and headers. The data's encoding is
 * the framework's own: tests read its status, its headers and the texts it carries.
 */
import { ENHANCED_FIELD } from '../../../src/lib/enquiry-fields.ts';

/** Where the contact page's form posts without JavaScript. */
export const FORM_POST = '/contact';
/** Where the contact page's form script posts. */
export const SCRIPT_POST = '/contact.data';
/** Where a plain post that was accepted (or held as spam) is sent: 303 with this `Location`. */
export const CONFIRMATION = '/contact?sent=1#contact-form';

/** `fields` as the form's script sends them. */
export function enhanced(fields: URLSearchParams): URLSearchParams {
  const body = new URLSearchParams(fields);
  body.set(ENHANCED_FIELD, '1');
  return body;
}
