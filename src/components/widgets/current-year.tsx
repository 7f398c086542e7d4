/**
 * The current year of the footer's copyright line (docs/product.md#footer): the server's year
 * (the root loader's) while React hydrates, then the visitor's clock, so a page a cache kept over
 * New Year still shows the new year
 * (https://react.dev/reference/react/useSyncExternalStore#adding-support-for-server-rendering).
 */
import { useSyncExternalStore } from 'react';
import { copyrightYear } from '../../lib/widgets/year.ts';

const noSubscription = () => () => {};

export function CurrentYear({ serverYear }: { serverYear: number }) {
  const year = useSyncExternalStore(noSubscription, copyrightYear, () => serverYear);
  return <span data-year="">{year}</span>;
}
