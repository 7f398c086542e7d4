/**
 * Field Web Vitals (docs/decisions/029-field-web-vitals-endpoint.md): the hook `src/root.tsx`
 * calls. The reporter itself (`src/react/vitals-beacon.ts`, with the `web-vitals` library it
 * loads when idle) is imported once the page has hydrated, so neither is in the chunk every page
 * preloads before its first paint (docs/decisions/046-measured-as-deployed.md).
 */
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { VITALS_PATH } from '../lib/vitals-report.ts';

/** The landing page view only, once; staff pages report nothing. `sampleRate`: 0–1. */
export function useWebVitals(sampleRate: number): void {
  const routeId = useMatches().at(-1)?.id;
  useEffect(() => {
    import('./vitals-beacon.ts').then(
      ({ startWebVitals }) => startWebVitals({ routeId, sampleRate, endpoint: VITALS_PATH }),
      // A chunk that fails to load means no report.
      () => undefined,
    );
    // The landing page only: later navigations are not new page loads.
  }, []);
}
