/** Loaded when idle, beaconed on hide (docs/decisions/029-field-web-vitals-endpoint.md). */
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { Metric } from 'web-vitals';
import { VITALS_PATH, type VitalsReport } from '../lib/vitals-report.ts';
import { isRouteId } from '../pages.ts';

interface WebVitalsOptions {
  routeId: string | undefined;
  sampleRate: number;
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

/** Never throws: no library, no report. */
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
        // After the library's own listeners, so theirs are kept first.
        addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'hidden') send();
        });
      },
      () => undefined,
    );
  });
}

/** The landing view only; `sampleRate` 0–1. */
export function useWebVitals(sampleRate: number): void {
  const routeId = useMatches().at(-1)?.id;
  useEffect(() => {
    startWebVitals({ routeId, sampleRate, endpoint: VITALS_PATH });
  }, []);
}
