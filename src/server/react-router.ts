/**
 * The route tree on the server (docs/decisions/036-react-router-framework-mode-on-express.md):
 * React Router's request handler with the load context of `src/app/load-context.ts`, behind
 * Express for visitors (`@react-router/express`) and called directly for the pages stored at start
 * and the build's critical CSS; and its matching, which names the route a path reaches.
 */
import { createRequestHandler as createExpressHandler } from '@react-router/express';
import type { RequestHandler } from 'express';
import {
  createRequestHandler,
  matchRoutes,
  RouterContextProvider,
  type RouteObject,
  type ServerBuild,
} from 'react-router';
import {
  documentContext,
  siteContext,
  staffContext,
  type DocumentAssets,
  type SiteServer,
  type StaffServer,
} from '../app/load-context.ts';

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

/** Renders requests built by the server itself (no visitor's input): the pages stored at start. */
export const directRenderer = (
  build: BuildSource,
  mode: Mode,
): ((request: Request, context: RouterContextProvider) => Promise<Response>) =>
  createRequestHandler(build, mode);

/** Visitors' requests through Express; mount it last. */
export function expressRenderer(
  build: BuildSource,
  mode: Mode,
  context: NonNullable<Parameters<typeof createExpressHandler>[0]['getLoadContext']>,
): RequestHandler {
  return createExpressHandler({ build, mode, getLoadContext: context });
}

/**
 * The route tree's own matching (https://reactrouter.com/api/utils/matchRoutes) over `build`'s
 * routes: case-insensitive, trailing slashes ignored, as the framework matches a request.
 * @returns for a path, the id of the deepest route it reaches (`about`, `404` for the catch-all)
 */
export function routeMatcher(build: ServerBuild): (path: string) => string | undefined {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId?: string): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map(({ id, index, path, caseSensitive = false }) =>
        index
          ? { id, index }
          : {
              id,
              caseSensitive,
              children: childrenOf(id),
              ...(path === undefined ? {} : { path }),
            },
      );
  const tree = childrenOf(undefined);
  return (path) => matchRoutes(tree, path)?.at(-1)?.route.id;
}
