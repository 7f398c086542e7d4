/**
 * The document shell of every route (docs/product.md#shared-layout,
 * docs/product.md#accessibility). A route's `handle: { tone: 'dark' }` paints the page ink and
 * gives the transparent header light text (the contact page).
 */
import { useEffect, useRef } from 'react';
import {
  isRouteErrorResponse,
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  type LoaderFunctionArgs,
} from 'react-router';
import { servicesContext, type SessionData } from './app/services.ts';
import { DocumentStyles, HydrationData } from './app/document.tsx';
import { SiteFooter } from './components/layout/site-footer.tsx';
import { SiteHeader } from './components/layout/site-header.tsx';
import { RoutePageMeta } from './components/seo/page-meta.tsx';
import { site } from './site.config.ts';

/** What a route module may put in its `handle`; `tone` defaults to 'light'. */
export interface RouteHandle {
  tone?: 'light' | 'dark';
}

/** The root loader: the session data of every page (runs on the server only). */
export function rootLoader({ context }: LoaderFunctionArgs): SessionData {
  return context.get(servicesContext).session();
}

/** The root's data never changes after the first load (see `src/app/services.ts`). */
export const rootShouldRevalidate = (): boolean => false;

/** The tone of the deepest matched route that sets one. */
function useTone(): 'light' | 'dark' {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const tone = (matches[i]?.handle as RouteHandle | undefined)?.tone;
    if (tone) return tone;
  }
  return 'light';
}

/**
 * After a client-side navigation (not the first load), focus moves to the `#fragment`'s target or
 * the page's `h1`, so screen readers announce where the visitor arrived.
 */
function useFocusOnNavigation(): void {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const id = location.hash ? decodeURIComponent(location.hash.slice(1)) : '';
    const target = (id && document.getElementById(id)) || document.querySelector('main h1');
    if (!(target instanceof HTMLElement)) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [location.key, location.hash]);
}

/** Marks the document once React has hydrated it (`<html data-hydrated>`), for tests. */
function useHydratedMarker(): void {
  useEffect(() => {
    document.documentElement.dataset['hydrated'] = 'true';
  }, []);
}

/** The HTML document; `pageMeta` adds the matched page's head metadata (not on the error page). */
function Document({ children, pageMeta }: { children: React.ReactNode; pageMeta?: boolean }) {
  const tone = useTone();
  const dark = tone === 'dark';
  return (
    <html lang="en-IN" className={dark ? 'bg-ink' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <DocumentStyles />
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {pageMeta && <RoutePageMeta />}
      </head>
      <body className={dark ? 'theme-dark bg-ink text-paper' : 'bg-paper text-ink'}>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader tone={tone} />
        <main id="main" tabIndex={-1} className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration />
        <HydrationData />
      </body>
    </html>
  );
}

export function Root() {
  useFocusOnNavigation();
  useHydratedMarker();
  return (
    <Document pageMeta>
      <Outlet />
    </Document>
  );
}

/** A loader, action or render that failed (500); unknown paths match the 404 route instead. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Document>
      <title>{`Something went wrong · ${site.name}`}</title>
      <section className="mx-auto max-w-site px-4 pt-header pb-section sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-[0.2em] uppercase">Error {status}</p>
        <h1 className="mt-6 text-display">Something went wrong on our side</h1>
        <p className="mt-6 max-w-xl text-lede">
          Please try again in a moment. If it keeps happening, write to us by email; nothing you
          sent has been lost.
        </p>
        <p className="mt-10">
          <a href="/" className="underline underline-offset-4">
            Return to Home
          </a>
        </p>
      </section>
    </Document>
  );
}
