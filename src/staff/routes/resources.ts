/**
 * The staff app's routes without a page: `POST /staff/sign-out` and `POST /staff/export`, the
 * latter reached only by a plain form post so the browser itself receives the download.
 */
import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { isStatus } from '../statuses.ts';
import { SIGN_IN_PATH } from '../paths.ts';
import { staffServicesContext } from '../services.ts';
import { textField } from '../form-fields.ts';

export async function signOutAction({ context }: ActionFunctionArgs) {
  await context.get(staffServicesContext).signOut();
  return redirect(`${SIGN_IN_PATH}?signed-out=1`, 303);
}

/** The file name a download is saved under: letters, digits, dot, dash and underscore only. */
const safeFilename = (name: string): string => name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);

export async function exportAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const format = form.get('format');
  if (format !== 'csv' && format !== 'json') {
    throw data('Choose CSV or JSON.', { status: 400 });
  }
  const status = textField(form, 'status');
  const q = textField(form, 'q').trim().slice(0, 200);
  const file = await context.get(staffServicesContext).exportFile(format, {
    ...(isStatus(status) ? { status } : {}),
    ...(q ? { q } : {}),
  });
  return new Response(file.body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${safeFilename(file.filename)}"`,
    },
  });
}
