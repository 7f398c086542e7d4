/**
 * Field Web Vitals (docs/decisions/029-field-web-vitals-endpoint.md), as a build entry of its own
 * (`vite.config.ts`, `src/server/client-entries.ts`): the one module a page that does not hydrate
 * loads (docs/decisions/150-item-pages-ship-no-framework-javascript.md), as a script the page
 * inserts, which finds the page's {@link StaticPageOptions} in a data block and starts; and the
 * module hydrated pages import once hydrated (`src/react/vitals-reporter.ts`), which have no such
 * block.
 *
 * It imports no value from any other module of the site, and imports the `web-vitals` library
 * statically, into its own chunk: a module shared with the hydrating pages' shell (a site module,
 * or the bundler's helper for a dynamic `import()`) would make this chunk import the shell's.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { VitalsReport, VitalsRoute } from './lib/vitals-report.ts';

/** What {@link startWebVitals} reports, and where. */
export interface WebVitalsOptions {
  /** The landing page's route id, as the endpoint accepts it (`VITALS_ROUTES`). */
  route: VitalsRoute;
  /** 0–1: the share of page views that report; a draw of `Math.random` decides each. */
  sampleRate: number;
  /** The endpoint's path (`VITALS_PATH`). */
  endpoint: string;
}

/** A page that does not hydrate: what its module does (`StaticPageScript`, `src/react/document.tsx`). */
export interface StaticPageOptions extends WebVitalsOptions {
  /** The whole stylesheet's URL, where the page inlined only its critical CSS. */
  stylesheet?: string;
}

/**
 * The id of the data block (`<script type="application/json">`) that holds them;
 * `src/react/document.tsx` spells it out again, checked by type: an import of the value would put
 * this module in the hydrating pages' shell.
 */
export const STATIC_PAGE_OPTIONS_ID = 'static-page-options';

/** As `src/react/vitals-reporter.ts`'s, which cannot share it (see above). */
function afterLoadAndIdle(task: () => void): void {
  const idle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 10_000 });
    else setTimeout(task, 1000);
  };
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/** Whole ms; CLS to four decimals. */
function rounded(metric: Metric): number {
  return metric.name === 'CLS'
    ? Math.round(metric.value * 10_000) / 10_000
    : Math.round(metric.value);
}

/**
 * Starts measuring the page view, if it falls in the sample and the browser has
 * `navigator.sendBeacon`: after the load event, when the main thread is idle (at most 10 s
 * later; 1 s without `requestIdleCallback`), starts the `web-vitals` library's observers (which
 * read the entries buffered since navigation), and each time the page is hidden sends what was
 * measured since, once per metric, as one `text/plain` beacon (`VitalsReport`) to `endpoint`.
 * A caller that has drawn the sample already passes `sampleRate` 1. Never throws.
 */
export function startWebVitals({ route, sampleRate, endpoint }: WebVitalsOptions): void {
  if (!(Math.random() < sampleRate) || typeof navigator.sendBeacon !== 'function') return;
  afterLoadAndIdle(() => {
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
    // After the library's own listeners, so theirs are kept first.
    addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') send();
    });
  });
}

/** At once where the browser does not report paints. */
function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) return resolve();
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
}

/**
 * Links the whole stylesheet at `href` once the page has painted, as the browser entry does before
 * it hydrates (`src/entry.client.tsx`, docs/decisions/026-critical-css-by-beasties.md): a page
 * that does not hydrate inlines only its route's critical CSS. Resolves once it has loaded or
 * failed (the page then keeps its critical CSS); never rejects.
 */
async function loadStylesheet(href: string): Promise<void> {
  await firstContentfulPaint();
  await new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

/** Started on a page that does not hydrate; a malformed block starts nothing. */
function startStaticPage(): void {
  const text = document.getElementById(STATIC_PAGE_OPTIONS_ID)?.textContent;
  if (!text) return;
  let options: StaticPageOptions;
  try {
    options = JSON.parse(text) as StaticPageOptions;
  } catch {
    return;
  }
  if (options.stylesheet) void loadStylesheet(options.stylesheet);
  startWebVitals(options);
}

startStaticPage();
