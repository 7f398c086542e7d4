/**
 * The inbox's layout route, `/staff` (docs/decisions/037-one-route-tree-for-the-site-and-the-inbox.md):
 * its server middleware (the guard, `session.server.ts`), the session for the header, its headers, robots meta and own stylesheet, the frame every page sits in — skip
 * link, header with the navigation and sign-out, main — and the error page. Quiet by design: the
 * site's type and colours, no motion, no imagery.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import {
  Form,
  isRouteErrorResponse,
  Link,
  Outlet,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { cx } from '../components/ui/cx.ts';
import { site } from '../site.config.ts';
import type { Route } from './+types/layout.ts';
import { PageHeading } from './components/ui.tsx';
import { SIGN_IN_PATH, STAFF_BASE, STAFF_HEADERS } from '../lib/staff-paths.ts';
import { guard, staffRequest } from './session.server.ts';
import { aRole, allows, type Role } from '../lib/staff-roles.ts';
import stylesheet from './staff.css?url';

/**
 * The session as pages see it: who is signed in, and their role, so a page can leave out what
 * they may not do (`allows` in `src/lib/staff-roles.ts`; the actions still check, with
 * `requireRole` in `roles.server.ts`).
 */
export interface StaffView {
  staff: { id: string; name: string; email: string; role: Role } | null;
}

export const middleware: Route.MiddlewareFunction[] = [guard];

export function loader({ context }: Route.LoaderArgs): StaffView {
  const person = staffRequest(context).signedIn;
  return {
    staff: person && {
      id: person.staff.id,
      name: person.staff.name,
      email: person.staff.email,
      role: person.staff.role,
    },
  };
}

export const headers: Route.HeadersFunction = () => STAFF_HEADERS;

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex, nofollow' }];

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

/**
 * The inbox's screens, each shown to the roles that may use it; the inbox itself is current on
 * its own path only, not its enquiries.
 */
const NAV: ReadonlyArray<{ to: string; label: string; needs?: Role }> = [
  { to: STAFF_BASE, label: 'Inbox' },
  { to: `${STAFF_BASE}/content`, label: 'Content' },
  { to: `${STAFF_BASE}/statistics`, label: 'Statistics' },
  { to: `${STAFF_BASE}/delivery`, label: 'Delivery' },
  { to: `${STAFF_BASE}/erase`, label: 'Erase' },
  { to: `${STAFF_BASE}/people`, label: 'People', needs: 'owner' },
  { to: `${STAFF_BASE}/account`, label: 'Account' },
];

function Frame({ session, children }: { session: StaffView | undefined; children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const current = ({ to }: { to: string }) =>
    pathname === to || (to !== STAFF_BASE && pathname.startsWith(`${to}/`));
  const first = useRef(true);
  // After a client-side navigation, focus moves to the new page's content, as a page load would
  // put it at the top for a screen reader.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [pathname]);
  const staff = session?.staff;
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 bg-ink px-4 py-3 font-semibold text-paper focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="border-b border-stone-200 bg-stone-50">
        <div className="mx-auto flex max-w-site flex-wrap items-center gap-x-8 gap-y-2 px-4 py-3 md:px-8">
          <p className="font-display text-lg leading-none">
            <Link to={STAFF_BASE} className="rounded-sm hover:underline">
              {site.name}
            </Link>{' '}
            <span className="font-sans text-sm text-stone-600 max-sm:sr-only">· Staff</span>
          </p>
          {staff ? (
            <>
              <nav aria-label="Staff" className="order-3 w-full md:order-none md:w-auto">
                <ul role="list" className="-mx-2 flex flex-wrap">
                  {NAV.filter((item) => !item.needs || allows(staff.role, item.needs)).map(
                    (item) => (
                      <li key={item.to}>
                        <Link
                          to={item.to}
                          aria-current={current(item) ? 'page' : undefined}
                          className={cx(
                            'inline-flex min-h-11 items-center px-2 text-sm underline-offset-8',
                            current(item)
                              ? 'font-semibold text-ink underline decoration-2'
                              : 'text-stone-700 hover:text-ink hover:underline',
                          )}
                        >
                          {item.label}
                        </Link>
                      </li>
                    ),
                  )}
                </ul>
              </nav>
              <Form
                method="post"
                action={`${STAFF_BASE}/sign-out`}
                className="ml-auto flex items-center gap-3 text-sm"
              >
                <span className="hidden text-stone-600 sm:inline">
                  Signed in as <span className="font-semibold text-ink">{staff.name}</span>
                </span>
                <button
                  type="submit"
                  className="inline-flex min-h-11 items-center px-2 text-stone-700 underline underline-offset-4 hover:text-ink"
                >
                  Sign out
                </button>
              </Form>
            </>
          ) : null}
        </div>
      </header>
      <main
        id="main"
        ref={main}
        tabIndex={-1}
        className="mx-auto w-full max-w-site flex-1 px-4 py-8 md:px-8"
      >
        {children}
      </main>
      <footer className="border-t border-stone-200">
        <p className="mx-auto max-w-site px-4 py-4 text-xs text-stone-600 md:px-8">
          For the agency&rsquo;s staff. Every action here is recorded in the audit log.
        </p>
      </footer>
    </>
  );
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame session={loaderData}>
      <Outlet />
    </Frame>
  );
}

const refusedRole = (body: unknown): body is { role: Role; needed: Role } =>
  typeof body === 'object' && body !== null && (body as { refused?: unknown }).refused === 'role';

/** What a route error means to the person who met it. */
function describe(error: unknown): { title: string; text: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (isRouteErrorResponse(error) && status === 403 && refusedRole(error.data)) {
    const { role, needed } = error.data;
    return {
      title: 'Not for your role',
      text: `This needs an account that is ${aRole(needed)}; yours is ${aRole(role)}. Ask an owner if you need it.`,
    };
  }
  if (status === 404) {
    return {
      title: 'Not found',
      text: 'There is nothing at this address. The enquiry may have been erased, or the link mistyped.',
    };
  }
  if (status === 403) {
    return {
      title: 'Refused',
      text: 'That request did not come from this inbox’s own pages, so nothing was changed. Reload the page and try again.',
    };
  }
  return {
    title: 'Something went wrong',
    text: 'The inbox could not do that just now. Nothing you did was lost; try again in a moment.',
  };
}

/** A route error's page inside the frame (the not-found route's own error boundary). */
export function StaffError() {
  const session = useRouteLoaderData<StaffView>('staff');
  const { title, text } = describe(useRouteError());
  return (
    <>
      <PageHeading title={title} />
      <p className="max-w-prose">{text}</p>
      <p className="mt-6">
        {session?.staff ? (
          <Link to={STAFF_BASE} className="underline underline-offset-4">
            Back to the inbox
          </Link>
        ) : (
          <Link to={SIGN_IN_PATH} className="underline underline-offset-4">
            Sign in
          </Link>
        )}
      </p>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <Frame session={useRouteLoaderData<StaffView>('staff')}>
      <StaffError />
    </Frame>
  );
}
