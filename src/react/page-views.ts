/** No cookie, no storage: docs/decisions/100-cookieless-visit-statistics.md */
import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { VITALS_PATH, type PageViewReport } from '../lib/vitals-report.ts';
import { ITEM_PAGES, isRouteId, NOT_FOUND_PAGE } from '../pages.ts';

/** `preview`: nothing is reported. */
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
    // Not a change of hash or query.
  }, [pathname]);
}
