/**
 * The route tree on the server (docs/decisions/036-react-router-framework-mode-on-express.md):
 * React Router's request handler with the load context of `src/app/load-context.ts`, behind
 * Express for visitors (`@react-router/express`) and called directly for the pages stored at start
 * and the build's critical CSS.
 */
import { createRequestHandler as createExpressHandler } from '@react-router/express';
import type { RequestHandler } from 'express';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import {
  documentContext,
  siteContext,
  type DocumentAssets,
  type SiteServer,
} from '../app/load-context.ts';
import { staffContext, type StaffServer } from './staff/runtime.ts';

/**
 * The server build: an object in production (the framework prepares it once), a function in
 * development (Vite's module graph, fresh after every edit).
 */
export type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

export type Mode = 'production' | 'development';

/**
 * The context one request of the route tree runs with.
 * @param staff for a request of the inbox's branch, where the inbox is served
 */
export function loadContext(
  site: SiteServer,
  document: DocumentAssets,
  staff?: StaffServer,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(siteContext, site);
  context.set(documentContext, document);
  if (staff) context.set(staffContext, staff);
  return context;
}

/**
 * Renders requests built by the server itself (no visitor's input): the pages stored at start.
 * @returns the route tree's answer to `request`
 */
export function directRenderer(
  build: BuildSource,
  mode: Mode,
): (request: Request, context: RouterContextProvider) => Promise<Response> {
  const handle = createRequestHandler(build, mode);
  return (request, context) => handle(request, context);
}

/** Visitors' requests through Express; mount it last. */
export function expressRenderer(
  build: BuildSource,
  mode: Mode,
  context: NonNullable<Parameters<typeof createExpressHandler>[0]['getLoadContext']>,
): RequestHandler {
  return createExpressHandler({ build, mode, getLoadContext: context });
}
