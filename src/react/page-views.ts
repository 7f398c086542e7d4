/**
 * A client navigation's page view (docs/decisions/100-cookieless-visit-statistics.md): the
 * document's own view is counted by the server that answered it, so only later navigations are
 * reported, each with one beacon to the Web Vitals endpoint carrying the page's route id (and
 * an item page's slug).
 * No cookie, nothing written to the browser's storage, nothing about the visitor.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { VITALS_PATH, type PageViewReport } from '../lib/vitals-report.ts';
import { ITEM_PAGES, isRouteId, NOT_FOUND_PAGE } from '../pages.ts';

/** In the site's layout; `preview`: a preview or share link is open, and nothing is reported. */
export function usePageViews(preview: boolean): void {
  const { pathname } = useLocation();
  const match = useMatches().at(-1);
  const routeId = match?.id;
  const slug = match?.params['slug'];
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (preview || routeId === undefined || typeof navigator.sendBeacon !== 'function') return;
    const itemPage = ITEM_PAGES.find((p) => p.id === routeId);
    let report: PageViewReport;
    if (itemPage && slug) report = { view: itemPage.id, item: slug };
    else if (isRouteId(routeId) && routeId !== NOT_FOUND_PAGE.id) report = { view: routeId };
    else return;
    navigator.sendBeacon(VITALS_PATH, JSON.stringify(report));
    // A new path is a new view; a change of hash or query on the same page is not.
  }, [pathname]);
}
