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
  /**
   * @param content the release the page shows; none for a staff request, whose reader refuses
   *   every read (staff pages read no public content)
   */
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
