/**
 * The staff app's route table, the same in the server entry and the browser entry. All under
 * `/staff`; every page's module is part of the one staff bundle (a working tool used daily: no
 * route splitting to wait on).
 */
import { data, redirect, type RouteObject } from 'react-router';
import { ErrorPage, Layout, rootLoader } from './layout.tsx';
import { STAFF_BASE } from './paths.ts';
import * as account from './routes/account.tsx';
import * as delivery from './routes/delivery.tsx';
import * as enquiry from './routes/enquiry.tsx';
import * as erase from './routes/erase.tsx';
import * as inbox from './routes/inbox.tsx';
import * as invite from './routes/invite.tsx';
import { exportAction, signOutAction } from './routes/resources.ts';
import * as signIn from './routes/sign-in.tsx';

const toInbox = () => redirect(STAFF_BASE);

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: STAFF_BASE,
    loader: rootLoader,
    Component: Layout,
    ErrorBoundary: ErrorPage,
    children: [
      { id: 'inbox', index: true, loader: inbox.loader, Component: inbox.Component },
      { id: 'sign-in', path: 'sign-in', loader: signIn.loader, Component: signIn.Component },
      { id: 'invite', path: 'invite', loader: invite.loader, Component: invite.Component },
      {
        id: 'enquiry',
        path: 'enquiries/:id',
        loader: enquiry.loader,
        action: enquiry.action,
        Component: enquiry.Component,
      },
      {
        id: 'erase',
        path: 'erase',
        loader: erase.loader,
        action: erase.action,
        Component: erase.Component,
      },
      { id: 'delivery', path: 'delivery', loader: delivery.loader, Component: delivery.Component },
      {
        id: 'account',
        path: 'account',
        loader: account.loader,
        action: account.action,
        Component: account.Component,
      },
      // Opened as a page (a bookmark, a reload after the download), they lead to the inbox.
      { id: 'sign-out', path: 'sign-out', action: signOutAction, loader: toInbox },
      { id: 'export', path: 'export', action: exportAction, loader: toInbox },
      {
        id: 'not-found',
        path: '*',
        loader: () => {
          throw data('Not found', { status: 404 });
        },
      },
    ],
  },
];

/** Routes without a component: answered with their action's own `Response`. */
export const RESOURCE_ROUTES: ReadonlySet<string> = new Set(['sign-out', 'export']);
