/**
 * Field Web Vitals reports, shared by browser and server
 * (docs/decisions/029-field-web-vitals-endpoint.md): the JSON of a {@link VitalsReport} sent by
 * `navigator.sendBeacon` as `text/plain` (https://w3c.github.io/beacon/#sec-processing-model), e.g.
 * `{"route":"home","LCP":1830.4,"FCP":902.1,"TTFB":120.5,"CLS":0.013,"INP":88}`.
 */
import type { RouteId } from '../pages.ts';

/** `POST`, answered `204`. */
export const VITALS_PATH = '/api/vitals';

/** In the `web-vitals` library's names (https://web.dev/articles/vitals). */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/**
 * Largest value accepted, in the library's units (ms; CLS has none): a larger one is no real
 * visit's and would skew the histograms' sums, so its report is refused whole.
 */
export const VITAL_MAX: Readonly<Record<VitalName, number>> = {
  LCP: 300_000,
  INP: 60_000,
  CLS: 100,
  FCP: 300_000,
  TTFB: 300_000,
};

/** Bytes; a full report is under 150. */
export const VITALS_BODY_LIMIT_BYTES = 512;

/** Each metric known by the time the report was sent. */
export type VitalsReport = { route: RouteId } & Partial<Record<VitalName, number>>;
