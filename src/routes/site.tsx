/**
 * The public pages' layout (docs/product.md#shared-layout, docs/product.md#accessibility): skip
 * link, fixed header, the page in `<main>`, footer. After a client-side navigation focus moves to
 * the `#fragment`'s target or the page's `h1`, so screen readers announce where the visitor arrived.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import {
  data,
  Outlet,
  useLocation,
  useLoaderData,
  type LinksFunction,
  type LoaderFunctionArgs,
} from 'react-router';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import { NEWS_FEEDS } from '../lib/news.ts';
import { siteContext } from '../react/load-context.ts';
import { site } from '../site.config.ts';
import { usePageViews } from '../react/page-views.ts';
import { keepLoadedData, type SiteContentData } from '../react/site-content.ts';
import { ErrorContent, useHydrates, useTone, type ErrorNotice } from '../root.tsx';

/**
 * The newsroom's feeds, on every public page (https://www.rssboard.org/rss-autodiscovery,
 * https://www.jsonfeed.org/version/1.1/#discovery-a-name-discovery-a).
 */
export const links: LinksFunction = () =>
  NEWS_FEEDS.map(({ path, type, title }) => ({
    rel: 'alternate',
    type,
    href: path,
    title: `${site.name} newsroom (${title})`,
  }));

/** What every public page shows besides its own content: the footer, and the 404 page's text. */
export function loader({ context }: LoaderFunctionArgs): SiteContentData {
  const { content, preview } = context.get(siteContext);
  if (preview && preview.state !== 'shown') {
    const { status, notice } = PREVIEW_REFUSALS[preview.state];
    throw data(notice, { status });
  }
  return {
    footer: content.sections('footer'),
    notFound: { page: content.entry('pages.yaml', '404'), copy: content.sections('not-found') },
    ...(preview && { preview: { expiresAt: preview.expiresAt } }),
  };
}

/** A preview link that no longer opens (docs/decisions/054-previews-and-share-links.md). */
const PREVIEW_REFUSALS: Record<'expired' | 'unknown', { status: number; notice: ErrorNotice }> = {
  expired: {
    status: 410,
    notice: {
      heading: 'This preview link has expired',
      text: 'Preview links work for a limited time. Ask the person who sent it for a new one.',
    },
  },
  unknown: {
    status: 404,
    notice: {
      heading: 'This preview link does not work',
      text: 'It may have been withdrawn, or mistyped. Ask the person who sent it for a new one.',
    },
  },
};

/** A preview's notice, fixed with the header, so no one mistakes the page for the live one. */
function PreviewBar({ expiresAt }: { expiresAt: number }) {
  const until = new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(expiresAt);
  return (
    <aside
      aria-label="Preview"
      className="border-b-2 border-accent-bright bg-ink px-4 py-2 text-center text-sm text-paper"
    >
      <strong className="font-semibold">Preview — not published.</strong>{' '}
      <span className="hidden sm:inline">
        Visitors do not see these changes. This link works until {until} (India time).
      </span>
    </aside>
  );
}

export const shouldRevalidate = keepLoadedData;

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

function SiteChrome({
  children,
  preview,
}: {
  children: ReactNode;
  preview?: SiteContentData['preview'];
}) {
  const tone = useTone();
  const hydrates = useHydrates();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader
        tone={tone}
        solid={!hydrates}
        notice={preview && <PreviewBar expiresAt={preview.expiresAt} />}
      />
      <main id="main" tabIndex={-1} className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export default function SiteLayout() {
  useFocusOnNavigation();
  const { preview } = useLoaderData<SiteContentData>();
  usePageViews(preview !== undefined);
  return (
    <SiteChrome preview={preview}>
      <Outlet />
    </SiteChrome>
  );
}

export function ErrorBoundary() {
  return (
    <SiteChrome>
      <ErrorContent />
    </SiteChrome>
  );
}
