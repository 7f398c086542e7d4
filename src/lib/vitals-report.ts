/** `text/plain` from sendBeacon (docs/decisions/029-field-web-vitals-endpoint.md). */
import type { RouteId } from '../pages.ts';

/** `POST`, answered `204`. */
export const VITALS_PATH = '/api/vitals';

/** https://web.dev/articles/vitals */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** ms (CLS: none); a larger value would skew the sums: refused whole. */
export const VITAL_MAX: Readonly<Record<VitalName, number>> = {
  LCP: 300_000,
  INP: 60_000,
  CLS: 100,
  FCP: 300_000,
  TTFB: 300_000,
};

/** Bytes; a full report is under 150. */
export const VITALS_BODY_LIMIT_BYTES = 512;

export type VitalsReport = { route: RouteId } & Partial<Record<VitalName, number>>;

/** Nothing about the visitor (docs/decisions/100-cookieless-visit-statistics.md). */
export interface PageViewReport {
  view: RouteId;
  item?: string | undefined;
}
