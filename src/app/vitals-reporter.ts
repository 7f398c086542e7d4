/**
 * This page view's field Web Vitals (docs/decisions/029-field-web-vitals-endpoint.md): the
 * `web-vitals` library loads once the page is idle and reads the entries buffered since navigation;
 * one beacon goes when the page is hidden, with the route and numbers, nothing about the visitor.
 */
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { Metric } from 'web-vitals';
import { VITALS_PATH, type VitalsReport } from '../lib/vitals-report.ts';
import { isRouteId } from '../pages.ts';

interface WebVitalsOptions {
  /** The leaf route match of the page the visit landed on. */
  routeId: string | undefined;
  /** Share of page views that report, 0–1. */
  sampleRate: number;
  /** `VITALS_PATH` */
  endpoint: string;
}

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

/** Never throws: a library that fails to load means no report. */
function startWebVitals({ routeId, sampleRate, endpoint }: WebVitalsOptions): void {
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
        // After the library's own listeners (capture, on window): what they report is kept first.
        addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'hidden') send();
        });
      },
      () => undefined,
    );
  });
}

/**
 * Reports the page view the visit landed on, once, after hydration; a staff page is no route of
 * the page list and reports nothing.
 * @param sampleRate share of page views that report, 0–1 (the root loader's)
 */
export function useWebVitals(sampleRate: number): void {
  const routeId = useMatches().at(-1)?.id;
  useEffect(() => {
    startWebVitals({ routeId, sampleRate, endpoint: VITALS_PATH });
    // The landing page only: later navigations are not new page loads.
  }, []);
}
