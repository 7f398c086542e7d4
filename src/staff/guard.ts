/**
 * For loaders whose page shows nothing from the inbox (so no service call would refuse them):
 * a visitor without a session is sent to the sign-in page, which brings them back here after.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { signInPath } from './paths.ts';
import { staffServicesContext, type StaffIdentity } from './services.ts';

/** The signed-in member of staff. @throws a redirect to sign-in when there is none */
export async function requireStaff({
  request,
  context,
}: LoaderFunctionArgs): Promise<StaffIdentity> {
  const session = await context.get(staffServicesContext).session();
  if (!session.staff) throw redirect(signInPath(new URL(request.url), session.expired));
  return session.staff;
}
