/** The server's year while hydrating, then the visitor's: a page cached over New Year is right. */
import { useSyncExternalStore } from 'react';
import { copyrightYear } from '../../lib/widgets/year.ts';

const noSubscription = () => () => {};

export function CurrentYear({ serverYear }: { serverYear: number }) {
  const year = useSyncExternalStore(noSubscription, copyrightYear, () => serverYear);
  return <span data-year="">{year}</span>;
}
