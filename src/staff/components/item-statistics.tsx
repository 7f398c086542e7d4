/**
 * An item's visits beside its editing page (`src/staff/statistics.server.ts`'s `itemFigures`):
 * the last 30 days' views, visitors and the enquiries whose visit began on its page, and a link
 * to the statistics for that page. Nothing for an item without a page of its own.
 */
import { Link } from 'react-router';
import type { ItemFigures } from '../statistics.server.ts';

const number = new Intl.NumberFormat('en-IN');
const plural = (n: number, one: string, many: string) =>
  `${number.format(n)} ${n === 1 ? one : many}`;

export function ItemStatistics({ figures }: { figures: ItemFigures | null }) {
  if (!figures) return null;
  return (
    <p className="mb-6 text-sm text-stone-700">
      <span className="font-semibold text-ink">Last {figures.days} days on the site:</span>{' '}
      {plural(figures.views, 'page view', 'page views')},{' '}
      {plural(figures.visitors, 'visitor', 'visitors')},{' '}
      {plural(figures.enquiries, 'enquiry', 'enquiries')} from visits that began here.{' '}
      <Link to={figures.href} className="underline underline-offset-4">
        Statistics
      </Link>
    </p>
  );
}
