/**
 * A page's `<head>` metadata (`src/lib/seo/page-head.ts`), rendered by the root layout on the
 * server, while hydrating and after every navigation
 * (docs/decisions/025-hydration-on-public-apis.md).
 */
import { useLocation, useMatches, useRouteLoaderData } from 'react-router';
import type { SessionData } from '../../app/services.ts';
import { isRouteId, type RouteId } from '../../pages.ts';
import { pageHead } from '../../lib/seo/page-head.ts';

export interface PageMetaProps {
  id: RouteId;
  /** The page's path, e.g. `/about`. */
  pathname: string;
  /** The canonical origin (`SITE_URL`). */
  origin: string;
}

export function PageMeta({ id, pathname, origin }: PageMetaProps) {
  return (
    <>
      {pageHead(id, pathname, origin).map(({ tag, attributes, text }, i) => {
        switch (tag) {
          case 'title':
            return <title key={i}>{text}</title>;
          case 'meta':
            return <meta key={i} {...attributes} />;
          case 'link':
            return <link key={i} {...attributes} />;
          case 'script':
            return (
              <script key={i} {...attributes} dangerouslySetInnerHTML={{ __html: text ?? '' }} />
            );
        }
      })}
    </>
  );
}

/** The metadata of the deepest matched route, on the root loader's `siteOrigin`. */
export function RoutePageMeta() {
  const id = useMatches().at(-1)?.id;
  const { pathname } = useLocation();
  const origin = useRouteLoaderData<SessionData>('root')?.siteOrigin ?? 'http://localhost:3000';
  return id !== undefined && isRouteId(id) ? (
    <PageMeta id={id} pathname={pathname} origin={origin} />
  ) : null;
}
