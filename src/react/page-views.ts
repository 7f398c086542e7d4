/** No cookie, no storage: docs/decisions/100-cookieless-visit-statistics.md */
import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { VITALS_PATH, type PageViewReport } from '../lib/vitals-report.ts';
import { isRouteId, NOT_FOUND_PAGE } from '../pages.ts';

/** `preview`: nothing is reported. */
export function usePageViews(preview: boolean): void {
  const { pathname } = useLocation();
  const routeId = useMatches().at(-1)?.id;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (preview || routeId === undefined || !isRouteId(routeId)) return;
    if (routeId === NOT_FOUND_PAGE.id || typeof navigator.sendBeacon !== 'function') return;
    const report: PageViewReport = { view: routeId };
    navigator.sendBeacon(VITALS_PATH, JSON.stringify(report));
    // Not a change of hash or query.
  }, [pathname]);
}
