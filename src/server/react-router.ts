/** The route tree on the server (docs/decisions/036-react-router-framework-mode-on-express.md). */
import { createRequestHandler } from '@react-router/express';
import { LRUCache } from 'lru-cache';
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
import type { SiteContent } from '../content/images.ts';
import { noContentReader, readerOf } from '../content/reader.ts';
import type { MediaStore } from './content/media.ts';
import type { Env } from './env.ts';
import type { Logger } from 'pino';

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

/** What every render's {@link SiteServer} shares, and what each request brings. */
export interface SiteServers {
  /** @param content none for a staff request: its reader refuses every read */
  site(
    year: number,
    content: SiteContent | undefined,
    request?: { ip: string; crossSite: boolean; preview?: SiteServer['preview'] },
  ): SiteServer;
}

export function siteServers(
  env: Pick<Env, 'SITE_URL' | 'WEB_VITALS_SAMPLE_RATE'>,
  enquiries: SiteServer['enquiries'],
  media: MediaStore | undefined,
  logger: Logger,
): SiteServers {
  return {
    site: (year, content, request) => ({
      settings: {
        siteOrigin: env.SITE_URL,
        year,
        webVitalsSampleRate: env.WEB_VITALS_SAMPLE_RATE,
      },
      content: content ? readerOf(content) : noContentReader(),
      preview: request?.preview,
      enquiries,
      media,
      clientIp: request?.ip ?? '',
      crossSite: request?.crossSite ?? false,
      reportError(error, req) {
        logger.error({ err: error, path: new URL(req.url).pathname }, 'render error');
      },
    }),
  };
}

/** Visitors' requests through Express; mount it last. */
export function expressRenderer(
  build: BuildSource,
  mode: 'production' | 'development',
  context: NonNullable<Parameters<typeof createRequestHandler>[0]['getLoadContext']>,
): RequestHandler {
  return createRequestHandler({ build, mode, getLoadContext: context });
}

/** Bytes (as UTF-16 code units, plus 64 an entry) of paths whose route is kept. */
const MATCHED_PATHS_BYTES = 1024 * 1024;

/** The first segment of a route's `path`, lower-cased; `undefined` when it matches more than one. */
function firstStaticSegment(path: string | undefined): string | undefined {
  const first = (path ?? '').replace(/^\//, '').split('/')[0] ?? '';
  return first === '' || /[:*?]/.test(first) ? undefined : first.toLowerCase();
}

/**
 * Routes that can match a path whose first segment is `segment` (`undefined`: one no route names):
 * a route whose own path begins with another static segment is left out, with its children.
 */
function routesFor(routes: RouteObject[], segment: string | undefined): RouteObject[] {
  return routes.flatMap((route): RouteObject[] => {
    if (route.index) return [route];
    const first = firstStaticSegment(route.path);
    if (first !== undefined) return first === segment ? [route] : [];
    if ((route.path ?? '') !== '') return [route];
    return [{ ...route, children: routesFor(route.children ?? [], segment) }];
  });
}

/**
 * https://reactrouter.com/api/utils/matchRoutes without branch `omit`: deepest route id, `404`
 * for the catch-all. `matchRoutes` ranks every route of the tree it is given on each call, so it
 * is given only those that can match the path's first segment, trees made once per segment the
 * routes name: an unknown path (what scanners send most) is matched against the catch-all and
 * the routes that begin with a parameter. Answers are kept for the last paths asked, up to
 * {@link MATCHED_PATHS_BYTES} of them.
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
  const segments = new Set(routes.map((route) => firstStaticSegment(route.path)));
  const trees = new Map([...segments].map((segment) => [segment, routesFor(tree, segment)]));
  const matched = new LRUCache<string, { id: string | undefined }>({
    maxSize: MATCHED_PATHS_BYTES,
    sizeCalculation: (_, path) => path.length + 64,
  });
  return (path) => {
    const known = matched.get(path);
    if (known) return known.id;
    let first = path.replace(/^\/+/, '').split('/')[0] ?? '';
    try {
      // As matchRoutes decodes the path before matching (`/%61bout` is `/about`).
      first = decodeURIComponent(first);
    } catch {
      // It matches an undecodable path as it is.
    }
    const routesOf = trees.get(first.toLowerCase()) ?? trees.get(undefined) ?? tree;
    const id = matchRoutes(routesOf, path)?.at(-1)?.route.id;
    matched.set(path, { id });
    return id;
  };
}
