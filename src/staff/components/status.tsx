/**
 * An enquiry's status and a delivery's state, told by word and by shape (each its own icon and
 * border), colour only adding to them (WCAG 2.2 SC 1.4.1, https://www.w3.org/TR/WCAG22/#use-of-color).
 */
import {
  Ban as ban,
  Check as check,
  CircleCheck as circleCheck,
  CircleDashed as circleDashed,
  CircleDot as circleDot,
  Clock as clock,
  OctagonAlert as octagonAlert,
  Send as send,
  TriangleAlert as triangleAlert,
} from 'lucide';
import type { IconNode } from 'lucide';
import { cx } from '../../components/ui/cx.ts';
import { Icon } from '../../components/ui/icon.tsx';
import type { Channel, EnquiryStatus, InboxRow } from '../../server/inbox/types.ts';

interface Look {
  label: string;
  icon: IconNode;
  className: string;
}

/** Each status's word, shape and colour; docs/operations/staff.md's table says what each means. */
export const STATUS: Record<EnquiryStatus, Look> = {
  new: {
    label: 'New',
    icon: circleDot,
    className: 'border-ink bg-ink text-paper',
  },
  handled: {
    label: 'Handled',
    icon: circleCheck,
    className: 'border-stone-300 bg-paper text-stone-700',
  },
  held: {
    label: 'Held as spam',
    icon: octagonAlert,
    className: 'border-accent bg-paper text-accent',
  },
  released: {
    label: 'Released',
    icon: send,
    className: 'border-ink bg-stone-100 text-ink',
  },
  erased: {
    label: 'Erased',
    icon: circleDashed,
    className: 'border-dashed border-stone-500 bg-paper text-stone-600',
  },
};

export function StatusBadge({ status }: { status: EnquiryStatus }) {
  const look = STATUS[status];
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        look.className,
      )}
    >
      <Icon icon={look.icon} size={14} strokeWidth={2.25} />
      {look.label}
    </span>
  );
}

export const CHANNEL_NAMES: Record<Channel, string> = {
  email: 'E-mail',
  slack: 'Slack',
  webhook: 'Webhook',
};

type Delivery = InboxRow['delivery'] | 'cancelled';

const DELIVERY: Record<Delivery, Look | null> = {
  delivered: { label: 'Delivered', icon: check, className: 'text-stone-700' },
  pending: { label: 'Waiting', icon: clock, className: 'text-stone-700' },
  failing: { label: 'Failing', icon: triangleAlert, className: 'text-accent font-semibold' },
  cancelled: { label: 'Cancelled', icon: ban, className: 'text-stone-600' },
  none: null,
};

/** A delivery state: icon and word; `none` (never delivered: held or erased) as "Not sent". */
export function DeliveryState({ state }: { state: Delivery }) {
  const look = DELIVERY[state];
  if (!look) return <span className="text-stone-600">Not sent</span>;
  return (
    <span className={cx('inline-flex items-center gap-1.5 whitespace-nowrap', look.className)}>
      <Icon icon={look.icon} size={16} />
      {look.label}
    </span>
  );
}
