/**
 * A hydrated page's field Web Vitals (docs/decisions/029-field-web-vitals-endpoint.md): the
 * reporter with the `web-vitals` library, `src/vitals.ts`, is the module pages that do not
 * hydrate load on their own (docs/decisions/150-item-pages-ship-no-framework-javascript.md);
 * here it is imported, as one chunk, only for a page view in the sample, once the page has
 * loaded and the main thread is idle.
 */
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { isVitalsRoute, VITALS_PATH } from '../lib/vitals-report.ts';

/** As `src/vitals.ts`'s: a function shared with it would be a chunk of its own. */
function afterLoadAndIdle(task: () => void): void {
  const idle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 10_000 });
    else setTimeout(task, 1000);
  };
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/** The landing view only; `sampleRate` 0–1. Never throws: no module, no report. */
export function useWebVitals(sampleRate: number): void {
  const routeId = useMatches().at(-1)?.id;
  useEffect(() => {
    if (!isVitalsRoute(routeId) || !(Math.random() < sampleRate)) return;
    if (typeof navigator.sendBeacon !== 'function') return;
    const route = routeId;
    afterLoadAndIdle(() => {
      import('../vitals.ts').then(
        // Drawn already: the module's own draw is told to pass.
        ({ startWebVitals }) => startWebVitals({ route, sampleRate: 1, endpoint: VITALS_PATH }),
        () => undefined,
      );
    });
  }, []);
}
