/**
 * The showcase category icons (lucide), kept apart so only the pages that show categories carry
 * the icons' code.
 */
import { __iconData as buildingIcon } from 'lucide-react/icons/building';
import { __iconData as heartHandshakeIcon } from 'lucide-react/icons/heart-handshake';
import { __iconData as landmarkIcon } from 'lucide-react/icons/landmark';
import { __iconData as megaphoneIcon } from 'lucide-react/icons/megaphone';
import { __iconData as newspaperIcon } from 'lucide-react/icons/newspaper';
import { __iconData as shieldAlertIcon } from 'lucide-react/icons/shield-exclamation-point';
import { __iconData as sparklesIcon } from 'lucide-react/icons/sparkles';
import type { ShowcaseIcon } from '../../content/schemas.ts';
import { Icon } from './icon.tsx';

const CATEGORY_ICONS = {
  sparkles: sparklesIcon,
  building: buildingIcon,
  landmark: landmarkIcon,
  'heart-handshake': heartHandshakeIcon,
  megaphone: megaphoneIcon,
  'shield-alert': shieldAlertIcon,
  newspaper: newspaperIcon,
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
  return (
    <Icon
      icon={CATEGORY_ICONS[name]}
      size={size}
      strokeWidth={1.25}
      {...(className ? { className } : {})}
    />
  );
}
