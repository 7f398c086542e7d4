/** `text/plain` from sendBeacon (docs/decisions/029-field-web-vitals-endpoint.md). */
import type { ITEM_PAGES, RouteId } from '../pages.ts';

/** An item page's route id (`case-study`). */
type ItemPageId = (typeof ITEM_PAGES)[number]['id'];

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

/**
 * Nothing about the visitor (docs/decisions/100-cookieless-visit-statistics.md); on an item page
 * `item` is the slug shown, kept by the server as the item's id.
 */
export interface PageViewReport {
  view: RouteId | ItemPageId;
  item?: string | undefined;
}
