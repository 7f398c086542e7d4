/** The showcase category icons, apart so only the pages that show categories carry their code. */
import {
  Building as buildingIcon,
  HeartHandshake as heartHandshakeIcon,
  Landmark as landmarkIcon,
  Megaphone as megaphoneIcon,
  Newspaper as newspaperIcon,
  ShieldAlert as shieldAlertIcon,
  Sparkles as sparklesIcon,
} from 'lucide';
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

/** Decorative: the category heading carries the meaning. */
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
