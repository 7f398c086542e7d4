/**
 * The current year for the footer's copyright line (docs/product.md#footer). The server renders its own
 * year (from the root loader, so server and hydration agree); after hydration the visitor's clock
 * takes over, so a page cached over New Year still shows the new year.
 */
import { useSyncExternalStore } from 'react';
import { copyrightYear } from '../../lib/widgets/year.ts';

const noSubscription = () => () => {};

export function CurrentYear({ serverYear }: { serverYear: number }) {
  const year = useSyncExternalStore(noSubscription, copyrightYear, () => serverYear);
  return <span data-year="">{year}</span>;
}
