/**
 * The public pages' layout (docs/product.md#shared-layout, docs/product.md#accessibility): skip
 * link, fixed header, the page in `<main>`, footer. After a client-side navigation focus moves to
 * the `#fragment`'s target or the page's `h1`, so screen readers announce where the visitor arrived.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, type LoaderFunctionArgs } from 'react-router';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import { siteContext } from '../react/load-context.ts';
import { keepLoadedData, sectionsPart, type SiteContentData } from '../react/site-content.ts';
import { ErrorContent, useTone } from '../root.tsx';

/** What every public page shows besides its own content: the head's text, footer, 404 copy. */
export function loader({ context }: LoaderFunctionArgs): SiteContentData {
  const content = context.get(siteContext).content;
  return {
    pages: content['pages.yaml'],
    footer: sectionsPart(content, 'footer'),
    notFound: sectionsPart(content, 'not-found'),
  };
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

function SiteChrome({ children }: { children: ReactNode }) {
  const tone = useTone();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader tone={tone} />
      <main id="main" tabIndex={-1} className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export default function SiteLayout() {
  useFocusOnNavigation();
  return (
    <SiteChrome>
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
