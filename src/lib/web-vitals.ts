/**
 * What the browser and the server both know about field Web Vitals reports
 * (docs/decisions/029-field-web-vitals-endpoint.md): where they go, what one may hold, and the
 * range of each value. Client-safe (no server imports, no validation library); the server's
 * checks are built from these constants in `src/server/web-vitals.ts`.
 *
 * A report is the JSON text of a {@link VitalsReport}, sent with `navigator.sendBeacon` as a
 * string, so its content type is `text/plain;charset=UTF-8` (the Beacon API's rule for strings,
 * https://w3c.github.io/beacon/#sec-processing-model). Example:
 * `{"route":"home","LCP":1830.4,"FCP":902.1,"TTFB":120.5,"CLS":0.013,"INP":88}`.
 */
import type { RouteId } from '../pages.ts';

/** The endpoint the pages' script reports to (`POST`, answered `204`, `no-store`). */
export const VITALS_PATH = '/api/vitals';

/** The metrics reported, in the names of the `web-vitals` library (https://web.dev/articles/vitals). */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/**
 * Largest value accepted per metric, in the library's units: milliseconds, CLS unitless. Larger
 * values are no real visit's (a page that takes five minutes to paint has been abandoned) and
 * would only skew the histograms' sums; a report holding one is refused whole.
 */
export const VITAL_MAX: Readonly<Record<VitalName, number>> = {
  LCP: 300_000,
  INP: 60_000,
  CLS: 100,
  FCP: 300_000,
  TTFB: 300_000,
};

/** Largest accepted report body, bytes (a full report is under 150). */
export const VITALS_BODY_LIMIT_BYTES = 512;

/** One page view's report: the route it was, and each metric known by the time it was sent. */
export type VitalsReport = { route: RouteId } & Partial<Record<VitalName, number>>;
