/** `text/plain` from sendBeacon (docs/decisions/029-field-web-vitals-endpoint.md). */
import { ITEM_PAGES, LISTING_PAGES, ROUTE_IDS, type RouteId } from '../pages.ts';

/** An item page's route id (`case-study`). */
type ItemPageId = (typeof ITEM_PAGES)[number]['id'];

/** A listing's further pages' route id (`news-listing`). */
type ListingPageId = (typeof LISTING_PAGES)[number]['id'];

/**
 * The routes whose Web Vitals are reported: every page's (the 404 page's too), an item page's by
 * its route (`case-study` for every case study) and a listing's further pages' by theirs.
 */
export type VitalsRoute = RouteId | ItemPageId | ListingPageId;

export const VITALS_ROUTES: readonly [VitalsRoute, ...VitalsRoute[]] = [
  ...(ROUTE_IDS as readonly [RouteId, ...RouteId[]]),
  ...ITEM_PAGES.map((p) => p.id),
  ...LISTING_PAGES.map((p) => p.id),
];

export const isVitalsRoute = (id: string | undefined): id is VitalsRoute =>
  (VITALS_ROUTES as readonly (string | undefined)[]).includes(id);

/** `POST`, answered `204`. */
export const VITALS_PATH = '/api/vitals';

/** https://web.dev/articles/vitals */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** The metrics whose 75th percentile the statistics page shows (the Core Web Vitals). */
export const REPORTED_VITALS = ['LCP', 'INP', 'CLS'] as const;
export type ReportedVital = (typeof REPORTED_VITALS)[number];

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

export type VitalsReport = { route: VitalsRoute } & Partial<Record<VitalName, number>>;

/**
 * Nothing about the visitor (docs/decisions/100-cookieless-visit-statistics.md); on an item page
 * `item` is the slug shown, kept by the server as the item's id.
 */
export interface PageViewReport {
  view: RouteId | ItemPageId;
  item?: string | undefined;
}
