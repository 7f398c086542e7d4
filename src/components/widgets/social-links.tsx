/** STUB (widgets helper replaces): LinkedIn and Instagram icon links with tooltips (spec §2). */
import { site } from '../../site.config.ts';

export interface SocialLinksProps {
  /** 'light' = ink icons on light backgrounds, 'dark' = paper icons; unset inherits currentColor. */
  tone?: 'light' | 'dark' | undefined;
  /** 'sm' = 20px glyph in a 44px target (header), 'md' = 24px glyph in a 48px target. */
  size?: 'sm' | 'md' | undefined;
}

export function SocialLinks(_props: SocialLinksProps) {
  return (
    <ul className="flex items-center gap-1">
      <li>
        <a href={site.social.linkedin} aria-label="LinkedIn">
          in
        </a>
      </li>
      <li>
        <a href={site.social.instagram} aria-label="Instagram">
          ig
        </a>
      </li>
    </ul>
  );
}
