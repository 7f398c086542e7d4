/**
 * A {@link VitalsReport} comes as `text/plain` from `navigator.sendBeacon`
 * (https://w3c.github.io/beacon/#sec-processing-model);
 * docs/decisions/029-field-web-vitals-endpoint.md
 */
import type { ITEM_PAGES, RouteId } from '../pages.ts';

/** An item page's route id (`case-study`). */
type ItemPageId = (typeof ITEM_PAGES)[number]['id'];

/** `POST`, answered `204`. */
export const VITALS_PATH = '/api/vitals';

/** In the `web-vitals` library's names (https://web.dev/articles/vitals). */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** ms (CLS: none); a larger value is no real visit's and would skew the sums: refused whole. */
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
 * A client navigation's page view, sent to {@link VITALS_PATH} by `src/react/page-views.ts`
 * (docs/decisions/100-cookieless-visit-statistics.md): the page's route id and, on an item page
 * (`/showcase/<slug>`), the slug it shows, which the server keeps as the item's id. Nothing
 * about the visitor.
 */
export interface PageViewReport {
  view: RouteId | ItemPageId;
  item?: string | undefined;
}
