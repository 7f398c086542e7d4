/**
 * A page's `<head>` metadata (`pageHead` in `src/lib/seo/page-head.ts`), JSON-LD included, as the
 * root layout renders it inside `<head>`: on the server, while hydrating, and after every
 * client-side navigation.
 */
import { useLocation, useMatches, useRouteLoaderData } from 'react-router';
import type { SessionData } from '../../app/services.ts';
import { isRouteId, type RouteId } from '../../pages.ts';
import { pageHead } from '../../lib/seo/page-head.ts';

export interface PageMetaProps {
  /** Route id: selects the title and description in `pages.yaml` and the social image. */
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

/**
 * The metadata of the matched page: its route id is the deepest match's (`src/pages.ts`), its
 * origin the root loader's `siteOrigin`. Nothing when no page matched (never: the catch-all route
 * is the 404 page).
 */
export function RoutePageMeta() {
  const id = useMatches().at(-1)?.id;
  const { pathname } = useLocation();
  const origin = useRouteLoaderData<SessionData>('root')?.siteOrigin ?? 'http://localhost:3000';
  return id !== undefined && isRouteId(id) ? (
    <PageMeta id={id} pathname={pathname} origin={origin} />
  ) : null;
}
