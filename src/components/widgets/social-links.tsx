/** Lucide dropped brand logos: these are its former outlines (ISC) (docs/product.md#footer). */
import { site } from '../../site.config.ts';
import { cx } from '../ui/cx.ts';
import { Tooltip } from './tooltip.tsx';

const LINKS = [
  {
    name: 'LinkedIn',
    href: site.social.linkedin,
    glyph: (
      <>
        <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z" />
        <rect width="4" height="12" x="2" y="9" />
        <circle cx="4" cy="4" r="2" />
      </>
    ),
  },
  {
    name: 'Instagram',
    href: site.social.instagram,
    glyph: (
      <>
        <rect width="20" height="20" x="2" y="2" rx="5" ry="5" />
        <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
        <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
      </>
    ),
  },
] as const;

export interface SocialLinksProps {
  /** Unset inherits (the header's changes). */
  tone?: 'light' | 'dark';
  /** 'sm': 20px glyph, 44px target; 'md': 24px, 48px. */
  size?: 'sm' | 'md';
}

export function SocialLinks({ tone, size = 'sm' }: SocialLinksProps) {
  const toneClass =
    tone === 'light'
      ? 'text-ink hover:text-accent'
      : tone === 'dark'
        ? 'text-paper hover:text-accent-bright'
        : 'hover:text-accent';
  const px = size === 'md' ? 24 : 20;
  return (
    <ul className="flex items-center gap-1" role="list">
      {LINKS.map((link) => (
        <li key={link.name}>
          <Tooltip label={link.name}>
            {(describedBy) => (
              <a
                href={link.href}
                aria-label={link.name}
                aria-describedby={describedBy}
                rel="noopener"
                className={cx(
                  'inline-flex items-center justify-center rounded-full transition-colors',
                  size === 'md' ? 'size-12' : 'size-11',
                  toneClass,
                )}
              >
                <svg
                  xmlns="http://www.w3.org/2000/svg"
                  width={px}
                  height={px}
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  {link.glyph}
                </svg>
              </a>
            )}
          </Tooltip>
        </li>
      ))}
    </ul>
  );
}
