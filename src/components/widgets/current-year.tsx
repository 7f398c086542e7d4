/**
 * The current year for the footer's copyright line (docs/product.md#footer). The server renders its
 * own year (from the root loader); in the browser the server's footer is kept as it is and
 * `showCopyrightYear` (`src/lib/widgets/year.ts`) brings it to the visitor's clock after
 * hydration, so a page cached over New Year still shows the new year. A footer drawn in the
 * browser (the error page) reads the visitor's clock itself.
 */
import { useSyncExternalStore } from 'react';
import { copyrightYear } from '../../lib/widgets/year.ts';

const noSubscription = () => () => {};

export function CurrentYear({ serverYear }: { serverYear: number }) {
  const year = useSyncExternalStore(noSubscription, copyrightYear, () => serverYear);
  return <span data-year="">{year}</span>;
}
