/**
 * Route ids that have an entry in `pages.yaml` (spec §1). `/privacy` and `/terms` are unknown
 * paths answered by the 404 page, so they have no entry of their own.
 */
export const ROUTE_IDS = ['home', 'about', 'expertise', 'showcase', 'contact', '404'] as const;
export type RouteId = (typeof ROUTE_IDS)[number];
