/** Links of the site: internal paths navigate client-side, others are plain anchors. */
import { ArrowRight as arrowRightIcon } from 'lucide';
import { Icon } from './icon.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from './cx.ts';
import type { Tone } from './section.tsx';

/**
 * A link's hit area stretched over its card, the nearest `relative` ancestor: the "stretched
 * link" of https://getbootstrap.com/docs/5.3/helpers/stretched-link/.
 */
export const STRETCHED_LINK = "after:absolute after:inset-0 after:content-['']";

/**
 * A card's title as a plain anchor (each target is a stored page of its own) that makes the whole
 * card its link ({@link STRETCHED_LINK}), underlined in the accent while the card (`group`) is
 * hovered.
 * @param className added classes (`group-hover:decoration-1`)
 */
export function CardTitleLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      className={cx(
        'group-hover:underline group-hover:decoration-accent group-hover:underline-offset-4',
        STRETCHED_LINK,
        className,
      )}
    >
      {children}
    </a>
  );
}

function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

export function SmartLink({
  href,
  className,
  children,
  ...rest
}: {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-describedby'?: string;
  'aria-current'?: 'page' | undefined;
  'aria-label'?: string;
  onClick?: () => void;
}) {
  return isInternal(href) ? (
    <Link to={href} className={className} {...rest}>
      {children}
    </Link>
  ) : (
    <a href={href} className={className} {...rest}>
      {children}
    </a>
  );
}

const BUTTON_STYLES = {
  'solid-light': 'bg-ink text-paper hover:bg-stone-800',
  'solid-dark': 'bg-paper text-ink hover:bg-stone-100',
  'outline-light': 'border border-ink text-ink hover:bg-ink hover:text-paper',
  'outline-dark': 'border border-paper text-paper hover:bg-paper hover:text-ink',
} as const;

/** At least 48px tall. */
export function ButtonLink({
  href,
  variant = 'solid',
  tone = 'light',
  className,
  children,
}: {
  href: string;
  variant?: 'solid' | 'outline';
  tone?: Tone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <SmartLink
      href={href}
      className={cx(
        'inline-flex min-h-12 items-center justify-center gap-3 px-7 text-sm font-semibold tracking-wide transition-colors',
        BUTTON_STYLES[`${variant}-${tone}`],
        className,
      )}
    >
      {children}
    </SmartLink>
  );
}

/** With a decorative arrow. */
export function ArrowLink({
  href,
  tone = 'light',
  className,
  describedby,
  children,
}: {
  href: string;
  tone?: Tone;
  className?: string;
  describedby?: string;
  children: ReactNode;
}) {
  return (
    <SmartLink
      href={href}
      {...(describedby ? { 'aria-describedby': describedby } : {})}
      className={cx(
        'group inline-flex min-h-11 items-center gap-2 text-sm font-semibold tracking-wide underline decoration-1 underline-offset-[6px] transition-colors',
        tone === 'dark'
          ? 'text-paper decoration-stone-500 hover:decoration-accent-bright'
          : 'text-ink decoration-stone-300 hover:decoration-accent',
        className,
      )}
    >
      {children}
      <Icon
        icon={arrowRightIcon}
        size={16}
        className={cx(
          'transition-transform duration-200 group-hover:translate-x-1 group-focus-visible:translate-x-1',
          tone === 'dark' ? 'text-accent-bright' : 'text-accent',
        )}
      />
    </SmartLink>
  );
}
