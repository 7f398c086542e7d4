/**
 * The copyright line's year (docs/product.md#footer): the server's while hydrating, then the
 * visitor's clock, so a page cached over New Year shows the new year
 * (https://react.dev/reference/react/useSyncExternalStore).
 */
import { useSyncExternalStore } from 'react';
import { copyrightYear } from '../../lib/widgets/year.ts';

const noSubscription = () => () => {};

export function CurrentYear({ serverYear }: { serverYear: number }) {
  const year = useSyncExternalStore(noSubscription, copyrightYear, () => serverYear);
  return <span data-year="">{year}</span>;
}
