/**
 * The document of every route (https://reactrouter.com/start/framework/route-module); the site's
 * chrome is `src/routes/site.tsx`'s.
 */
import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root.ts';
import { isVitalsRoute } from './lib/vitals-report.ts';
import { DocumentStyles, StaticPageScript } from './react/document.tsx';
import { siteContext, type SiteSettings } from './react/load-context.ts';
import { useWebVitals } from './react/vitals-reporter.ts';
import { site } from './site.config.ts';

/**
 * A route module's `handle` (https://reactrouter.com/start/framework/route-module#handle), read
 * by the document through `useMatches`; the deepest route that sets a field decides it.
 */
export interface RouteHandle {
  /** Default 'light'. */
  tone?: 'light' | 'dark';
  /**
   * Default true. False: the page has no widget that needs hydration, so the document leaves out
   * the framework's scripts and modulepreloads and loads only `src/vitals.ts`
   * (https://remix.run/docs/en/main/guides/disabling-javascript,
   * docs/decisions/150-item-pages-ship-no-framework-javascript.md).
   */
  hydrate?: boolean;
}

/** The `handle` of a route whose pages ship none of the framework's JavaScript. */
export const NO_HYDRATION = { hydrate: false } as const satisfies RouteHandle;

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

/** Every page's site settings: the same for every visitor (`src/react/load-context.ts`). */
export function loader({ context }: Route.LoaderArgs): SiteSettings {
  return context.get(siteContext).settings;
}

/** The root's data never changes after the first load, so navigations ask the server nothing. */
export const shouldRevalidate = (): boolean => false;

/** The deepest matched route's that sets one. */
export function useTone(): 'light' | 'dark' {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const tone = (matches[i]?.handle as RouteHandle | undefined)?.tone;
    if (tone) return tone;
  }
  return 'light';
}

/** Whether the page hydrates: the deepest matched route's `hydrate` that sets one, else true. */
export function useHydrates(): boolean {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const hydrate = (matches[i]?.handle as RouteHandle | undefined)?.hydrate;
    if (hydrate !== undefined) return hydrate;
  }
  return true;
}

/** A page that does not hydrate: its one script, if its route reports Web Vitals. */
function StaticPageScripts() {
  const route = useMatches().at(-1)?.id;
  const settings = useRouteLoaderData<SiteSettings>('root');
  if (!isVitalsRoute(route) || !settings) return null;
  return <StaticPageScript route={route} sampleRate={settings.webVitalsSampleRate} />;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const dark = useTone() === 'dark';
  const hydrates = useHydrates();
  return (
    <html lang="en-IN" className={dark ? 'bg-ink' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <DocumentStyles />
        <Links />
        <Meta />
      </head>
      <body className={dark ? 'theme-dark bg-ink text-paper' : 'bg-paper text-ink'}>
        {children}
        {hydrates ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          <StaticPageScripts />
        )}
      </body>
    </html>
  );
}

/** For tests. */
function useHydratedMarker(): void {
  useEffect(() => {
    document.documentElement.dataset['hydrated'] = 'true';
  }, []);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useHydratedMarker();
  useWebVitals(loaderData.webVitalsSampleRate);
  return <Outlet />;
}

/** What a loader that refuses a request says, thrown as `data(notice, { status })`. */
export interface ErrorNotice {
  heading: string;
  text: string;
}

const isNotice = (value: unknown): value is ErrorNotice =>
  typeof value === 'object' && value !== null && 'heading' in value && 'text' in value;

/**
 * What a failed loader, action or render shows (500), or a loader's refusal with an
 * {@link ErrorNotice}; unknown paths match the 404 route.
 */
export function ErrorContent() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notice = isRouteErrorResponse(error) && isNotice(error.data) ? error.data : undefined;
  const heading = notice?.heading ?? 'Something went wrong on our side';
  return (
    <section className="mx-auto max-w-site px-4 pt-header pb-section sm:px-6 lg:px-8">
      <title>{`${heading} · ${site.name}`}</title>
      <p className="text-sm font-semibold tracking-[0.2em] uppercase">Error {status}</p>
      <h1 className="mt-6 text-display">{heading}</h1>
      <p className="mt-6 max-w-xl text-lede">
        {notice?.text ??
          'Please try again in a moment. If it keeps happening, write to us by email; nothing you sent has been lost.'}
      </p>
      <p className="mt-10">
        <a href="/" className="underline underline-offset-4">
          Return to Home
        </a>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  useHydratedMarker();
  return (
    <main id="main" tabIndex={-1}>
      <ErrorContent />
    </main>
  );
}
