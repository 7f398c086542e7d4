/**
 * The showcase category icons (lucide), kept apart so only the pages that show categories carry
 * the icons' code.
 */
import {
  Building,
  HeartHandshake,
  Landmark,
  Megaphone,
  Newspaper,
  ShieldAlert,
  Sparkles,
} from 'lucide-react';
import type { ShowcaseIcon } from '../../content/schemas.ts';

const CATEGORY_ICONS = {
  sparkles: Sparkles,
  building: Building,
  landmark: Landmark,
  'heart-handshake': HeartHandshake,
  megaphone: Megaphone,
  'shield-alert': ShieldAlert,
  newspaper: Newspaper,
} satisfies Record<ShowcaseIcon, unknown>;

/** A showcase category's icon by name. Decorative: the category heading carries the meaning. */
export function CategoryIcon({
  name,
  size = 28,
  className,
}: {
  name: ShowcaseIcon;
  size?: number;
  className?: string;
}) {
  const Icon = CATEGORY_ICONS[name];
  return <Icon aria-hidden="true" size={size} strokeWidth={1.25} className={className} />;
}
