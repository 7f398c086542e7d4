/** The route tree on the server (docs/decisions/036-react-router-framework-mode-on-express.md). */
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

/** A function in development: Vite's module graph, fresh after every edit. */
export type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

/** `staff`: only for the staff area's branch, where the staff area is served. */
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
 * The framework's matching (https://reactrouter.com/api/utils/matchRoutes), without branch `omit`:
 * a path's deepest route id, `404` for the catch-all
 * (docs/decisions/041-stored-pages-as-one-lookup.md).
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
