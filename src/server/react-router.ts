/**
 * The route tree on the server (docs/decisions/036-react-router-framework-mode-on-express.md):
 * the load context of `src/react/load-context.ts` its request handler runs with, and its matching,
 * which names the route a path reaches (docs/decisions/041-stored-pages-as-one-lookup.md).
 */
import { createRequestHandler } from '@react-router/express';
import type { RequestHandler } from 'express';
import {
  matchRoutes,
  RouterContextProvider,
  type RouteObject,
  type ServerBuild,
} from 'react-router';
import {
  documentContext,
  siteContext,
  type DocumentAssets,
  type SiteServer,
} from '../react/load-context.ts';
import { staffContext, type StaffServer } from './staff/runtime.ts';

/**
 * The server build: an object in production (the framework prepares it once), a function in
 * development (Vite's module graph, fresh after every edit).
 */
export type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

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

/** Visitors' requests through Express; mount it last. */
export function expressRenderer(
  build: BuildSource,
  mode: 'production' | 'development',
  context: NonNullable<Parameters<typeof createRequestHandler>[0]['getLoadContext']>,
): RequestHandler {
  return createRequestHandler({ build, mode, getLoadContext: context });
}

/**
 * The route tree's own matching (https://reactrouter.com/api/utils/matchRoutes) over `build`'s
 * routes: case-insensitive, trailing slashes ignored, as the framework matches a request.
 * @param omit the id of a branch to leave out, whose paths the caller never asks about
 * @returns for a path, the id of the deepest route it reaches (`about`, `404` for the catch-all)
 */
export function routeMatcher(
  build: ServerBuild,
  omit: string,
): (path: string) => string | undefined {
  const routes = Object.values(build.routes).flatMap((route) =>
    route && route.id !== omit ? [route] : [],
  );
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
