/** `POST /staff/sign-out`: ends this session; opened as a page (a bookmark), it leads to the inbox. */
import { redirect } from 'react-router';
import { SIGN_IN_PATH, STAFF_BASE } from '../../lib/staff-paths.ts';
import { endSession, record } from '../session.server.ts';
import type { Route } from './+types/sign-out.ts';

export const loader = () => redirect(STAFF_BASE);

export async function action({ context }: Route.ActionArgs) {
  await record(context, 'sign-out');
  return redirect(`${SIGN_IN_PATH}?signed-out=1`, {
    status: 303,
    headers: { 'Set-Cookie': await endSession(context) },
  });
}
