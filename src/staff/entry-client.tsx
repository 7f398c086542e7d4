/**
 * The staff app's browser entry: hydrates the server's document with the same route table;
 * loaders and actions then reach the server through `rpc.ts`. Built on its own, sharing no chunk
 * with the public site (docs/decisions/028-staff-app-apart-from-the-public-pages.md).
 */
import '@vitejs/plugin-react/preamble';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterContextProvider, type HydrationState } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { STAFF_DATA_ID, StaffDocument, type StaffData } from './document.tsx';
import { routes } from './routes.tsx';
import { browserServices, setCsrfToken } from './rpc.ts';
import { staffServicesContext, type StaffSession } from './services.ts';
import './staff.css';

/** A route error as the server entry wrote it. */
type TaggedError =
  | { __type: 'Error'; message: string }
  | {
      __type: 'RouteErrorResponse';
      status: number;
      statusText: string;
      data: unknown;
      internal?: boolean;
    };

/**
 * The route errors revived: an error response as the plain object `isRouteErrorResponse`
 * recognises (status, statusText, internal, data), anything else as an `Error`.
 */
function revive(errors: HydrationState['errors']): HydrationState['errors'] {
  if (!errors) return errors;
  return Object.fromEntries(
    Object.entries(errors as Record<string, TaggedError>).map(([id, error]) => [
      id,
      error.__type === 'RouteErrorResponse'
        ? {
            status: error.status,
            statusText: error.statusText,
            data: error.data,
            internal: error.internal ?? false,
          }
        : new Error(error.message),
    ]),
  );
}

const dataJson = document.getElementById(STAFF_DATA_ID)?.textContent ?? '';
const staffData = JSON.parse(dataJson) as StaffData;
const root = staffData.hydration.loaderData?.['root'] as StaffSession | undefined;
setCsrfToken(root?.csrfToken ?? null);

const router = createBrowserRouter(routes, {
  hydrationData: { ...staffData.hydration, errors: revive(staffData.hydration.errors) ?? null },
  getContext() {
    const context = new RouterContextProvider();
    context.set(staffServicesContext, browserServices);
    return context;
  },
});

hydrateRoot(
  document,
  <StrictMode>
    <StaffDocument stylesheets={staffData.stylesheets} dataJson={dataJson}>
      <RouterProvider router={router} />
    </StaffDocument>
  </StrictMode>,
);
