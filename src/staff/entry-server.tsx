/**
 * The staff app's server entry: answers one Fetch `Request` with its route table and renders a
 * whole HTML document per request, never stored, since it holds the session's data
 * (docs/decisions/028-staff-app-apart-from-the-public-pages.md). Scripts carry the response's CSP
 * nonce, the only scripts the page's CSP allows; `'strict-dynamic'` trusts what they load.
 */
import type { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  RouterContextProvider,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { scriptSafeJson, StaffDocument, type StaffData } from './document.tsx';
import { RESOURCE_ROUTES, routes } from './routes.tsx';
import { staffServicesContext, type StaffServices } from './services.ts';

const handler = createStaticHandler(routes);

/** The staff app's client files (its own build, never the public site's). */
export interface StaffAssets {
  bootstrapModules: readonly string[];
  stylesheets: readonly string[];
}

export interface StaffRenderOptions {
  assets: StaffAssets;
  services: StaffServices;
  /** This response's CSP nonce (base64), put on every script element. */
  nonce: string;
  onError?: (error: unknown) => void;
}

/** A document ready to stream: set the status and headers, then `pipe` it into the response. */
export interface StaffDocumentResult {
  kind: 'document';
  status: number;
  headers: Headers;
  pipe: <W extends Writable>(destination: W) => W;
  abort: (reason?: unknown) => void;
}

export type StaffRenderResult = { kind: 'response'; response: Response } | StaffDocumentResult;

/** The router's state for the browser, route errors as tagged objects (see `entry-client.tsx`). */
function hydrationState(context: StaticHandlerContext): StaffData['hydration'] {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]) => [
          id,
          isRouteErrorResponse(error)
            ? { ...error, __type: 'RouteErrorResponse' }
            : { message: 'Unexpected error', __type: 'Error' },
        ]),
      )
    : null;
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

/** Headers of the deepest matched route's action and loader (e.g. `Retry-After`). */
function routeHeaders(context: StaticHandlerContext): Headers {
  const leaf = context.matches.at(-1);
  const headers = new Headers(leaf ? context.actionHeaders[leaf.route.id] : undefined);
  const loaderHeaders = leaf ? context.loaderHeaders[leaf.route.id] : undefined;
  loaderHeaders?.forEach((value, key) => headers.set(key, value));
  return headers;
}

/** A resource route's answer as a `Response` (its own, or its route error as plain text). */
async function resource(
  request: Request,
  requestContext: RouterContextProvider,
): Promise<Response> {
  try {
    const result: unknown = await handler.queryRoute(request, { requestContext });
    return result instanceof Response ? result : Response.json(result);
  } catch (error) {
    if (error instanceof Response) return error;
    if (isRouteErrorResponse(error)) {
      return new Response(typeof error.data === 'string' ? error.data : error.statusText, {
        status: error.status,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    throw error;
  }
}

/**
 * @returns the router's or a resource route's `Response`, or a document with the router's status
 * @throws when the document cannot render at all (the caller answers 500)
 */
export async function render(
  request: Request,
  options: StaffRenderOptions,
): Promise<StaffRenderResult> {
  const requestContext = new RouterContextProvider();
  requestContext.set(staffServicesContext, options.services);
  const leaf = matchRoutes(handler.dataRoutes, new URL(request.url).pathname)?.at(-1);
  if (leaf && RESOURCE_ROUTES.has(leaf.route.id ?? '') && request.method === 'POST') {
    return { kind: 'response', response: await resource(request, requestContext) };
  }
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) return { kind: 'response', response: context };

  const router = createStaticRouter(handler.dataRoutes, context);
  const dataJson = scriptSafeJson({
    stylesheets: [...options.assets.stylesheets],
    hydration: hydrationState(context),
  } satisfies StaffData);
  const headers = routeHeaders(context);
  headers.set('Content-Type', 'text/html; charset=utf-8');

  return new Promise<StaffRenderResult>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <StaffDocument stylesheets={options.assets.stylesheets} dataJson={dataJson}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StaffDocument>,
      {
        nonce: options.nonce,
        bootstrapModules: [...options.assets.bootstrapModules],
        onAllReady() {
          resolve({
            kind: 'document',
            status: context.statusCode,
            headers,
            pipe: (destination) => stream.pipe(destination),
            abort: (reason) => stream.abort(reason),
          });
        },
        onShellError(error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error) {
          options.onError?.(error);
        },
      },
    );
  });
}
