/**
 * Field Web Vitals of this page view (docs/decisions/029-field-web-vitals-endpoint.md): the
 * `web-vitals` library (https://github.com/GoogleChrome/web-vitals) measures LCP, INP, CLS, FCP
 * and TTFB as Chrome's own reports do, and one beacon per page view carries them to the server,
 * which counts them into histograms by route.
 *
 * - Sampled: a page view reports with probability `sampleRate` (0–1); otherwise, and where the
 *   browser has no `navigator.sendBeacon`, nothing is loaded.
 * - Late: the library is its own chunk, imported once the page has loaded and the browser is
 *   idle (`requestIdleCallback`, a 1 s timer where there is none). It reads the performance
 *   entries buffered since navigation, so loading late loses nothing but the interactions made
 *   before it arrived.
 * - Once per measurement: values wait until the page is hidden (the visitor leaves, switches tab
 *   or closes it), then go out together as one `text/plain` beacon (a {@link VitalsReport}).
 *   A measurement already sent is not sent again when a later hide finds it changed, so a page
 *   view counts once per metric; a page restored from the back/forward cache is a new view.
 * - Nothing identifies the visitor: the report holds the landing page's route id and the numbers,
 *   no identifier, URL or timestamp. Metrics of interactions after client-side navigations are
 *   counted for the page the visit landed on, as the Chrome UX Report counts them per page load.
 */
import type { Metric } from 'web-vitals';
import type { VitalsReport } from '../lib/web-vitals.ts';
import { isRouteId } from '../pages.ts';

export interface WebVitalsOptions {
  /** The route id of the page the visit landed on (the leaf route match); others report nothing. */
  routeId: string | undefined;
  /** Share of page views that report, 0–1 (the root loader's `webVitalsSampleRate`). */
  sampleRate: number;
  /** Where the beacon goes (`VITALS_PATH`). */
  endpoint: string;
}

/** Runs `task` once the page has loaded and the main thread is idle. */
function afterLoadAndIdle(task: () => void): void {
  const idle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 10_000 });
    else setTimeout(task, 1000);
  };
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/** A value as reported: whole milliseconds, CLS to four decimals. */
function rounded(metric: Metric): number {
  return metric.name === 'CLS'
    ? Math.round(metric.value * 10_000) / 10_000
    : Math.round(metric.value);
}

/**
 * Starts measuring this page view's field Web Vitals and reporting them to `endpoint`; see the
 * module comment. Call once, after hydration. Never throws: a failure to load the library only
 * means no report.
 */
export function startWebVitals({ routeId, sampleRate, endpoint }: WebVitalsOptions): void {
  if (routeId === undefined || !isRouteId(routeId)) return;
  if (!(Math.random() < sampleRate) || typeof navigator.sendBeacon !== 'function') return;
  const route = routeId;
  afterLoadAndIdle(() => {
    import('web-vitals').then(
      ({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        const waiting = new Map<Metric['name'], Metric>();
        const sent = new Set<string>();
        const keep = (metric: Metric) => {
          if (!sent.has(metric.id)) waiting.set(metric.name, metric);
        };
        const send = () => {
          if (waiting.size === 0) return;
          const report: VitalsReport = { route };
          for (const metric of waiting.values()) {
            report[metric.name] = rounded(metric);
            sent.add(metric.id);
          }
          waiting.clear();
          navigator.sendBeacon(endpoint, JSON.stringify(report));
        };
        for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(keep);
        // Added after the library's own listeners (capture phase, on window), so the values it
        // reports on this hide are kept before they are sent.
        addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'hidden') send();
        });
      },
      () => undefined,
    );
  });
}
