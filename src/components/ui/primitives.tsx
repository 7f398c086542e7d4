/**
 * The site's layout and typography primitives: the one content
 * width, a section with the one vertical rhythm, the eyebrow label, a section header, links
 * styled as buttons or arrow links, content copy with `{token}` placeholders, and the showcase
 * category icons. Presentational only: no state, no effects, identical on server and client.
 */
import {
  ArrowRight,
  Building,
  HeartHandshake,
  Landmark,
  Megaphone,
  Newspaper,
  ShieldAlert,
  Sparkles,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ShowcaseIcon } from '../../content/schemas.ts';
import type { SectionCopy } from '../../content/sections.ts';
import { fillTokens } from '../../content/tokens.ts';
import { cx } from './cx.ts';

export type Tone = 'light' | 'dark';

/**
 * The one content width (about 1280px) with the header's side gutters: 16px at 375px, 24px from
 * 640px, 32px from 1024px, so the brand and the content share one left edge.
 */
export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cx('mx-auto w-full max-w-site px-4 sm:px-6 lg:px-8', className)}>
      {children}
    </div>
  );
}

const BACKGROUNDS = {
  paper: 'bg-paper text-ink',
  stone: 'bg-stone-50 text-ink',
  sand: 'bg-stone-100 text-ink',
  ink: 'theme-dark bg-ink text-paper',
} as const;

export interface SectionProps {
  id?: string;
  /** id of the section's heading: names the region (`aria-labelledby`). */
  labelledby: string;
  background?: keyof typeof BACKGROUNDS;
  /** A page's opening section: the fixed header's clearance instead of the top rhythm. */
  first?: boolean;
  /** false for full-width content (no Container). */
  contained?: boolean;
  className?: string | undefined;
  children: ReactNode;
}

/** A page section with the site's vertical rhythm (`--spacing-section`) and background. */
export function Section({
  id,
  labelledby,
  background = 'paper',
  first = false,
  contained = true,
  className,
  children,
}: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={labelledby}
      className={cx(
        'relative pb-section',
        first ? 'pt-header' : 'pt-section',
        BACKGROUNDS[background],
        className,
      )}
    >
      {contained ? <Container>{children}</Container> : children}
    </section>
  );
}

/** The small uppercase label above a heading, led by a short rule. */
export function Eyebrow({
  text,
  tone = 'light',
  className,
}: {
  text: string;
  tone?: Tone;
  className?: string;
}) {
  return (
    <p
      className={cx(
        'flex items-center gap-3 text-xs font-semibold tracking-[0.2em] uppercase',
        tone === 'dark' ? 'text-stone-300' : 'text-stone-600',
        className,
      )}
    >
      <span aria-hidden="true" className="h-px w-8 bg-current" />
      {text}
    </p>
  );
}

export interface SectionHeaderProps {
  copy: SectionCopy;
  /** id of the heading; carousels and regions use it as their label. */
  headingId: string;
  /** 1 for a page's opening section, 2 otherwise. */
  level?: 1 | 2;
  tone?: Tone;
  /** 'split' puts the lede beside the heading from 1024px; 'stacked' keeps it below. */
  layout?: 'split' | 'stacked';
}

/** A section's eyebrow, heading and lede, laid out like a magazine feature opening. */
export function SectionHeader({
  copy,
  headingId,
  level = 2,
  tone = 'light',
  layout = 'split',
}: SectionHeaderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const split = layout === 'split';
  return (
    <header className={cx('grid gap-6', split && 'lg:grid-cols-12 lg:items-end lg:gap-12')}>
      <div className={cx(split && 'lg:col-span-7')}>
        {copy.eyebrow && <Eyebrow text={copy.eyebrow} tone={tone} className="mb-6" />}
        <Heading id={headingId} className={level === 1 ? 'text-display' : 'text-title'}>
          {copy.heading}
        </Heading>
      </div>
      {copy.lede && (
        <p
          className={cx(
            'max-w-2xl text-lede',
            tone === 'dark' ? 'text-stone-300' : 'text-stone-700',
            split && 'lg:col-span-5 lg:pb-2',
          )}
        >
          {copy.lede}
        </p>
      )}
    </header>
  );
}

/** true for a path this site's router serves (client-side navigation), false for mailto: etc. */
function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** A link that navigates client-side for internal paths and is a plain anchor otherwise. */
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
  'aria-current'?: 'page';
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

/** A link styled as a button (calls to action), at least 48px tall for touch. */
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

/**
 * A text link with a trailing arrow that slides in on hover and keyboard focus. The arrow is
 * decorative; `describedby` names an element (e.g. a card heading) describing the link.
 */
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
      <ArrowRight
        aria-hidden="true"
        size={16}
        className={cx(
          'transition-transform duration-200 group-hover:translate-x-1 group-focus-visible:translate-x-1',
          tone === 'dark' ? 'text-accent-bright' : 'text-accent',
        )}
      />
    </SmartLink>
  );
}

/**
 * One paragraph of content copy with its `{token}` placeholders filled from the site config;
 * `{email}` and `{phone}` become links.
 * @throws Error from `fillTokens` for an unknown token (fails the build and the tests).
 */
export function CopyText({ text, linkClassName }: { text: string; linkClassName?: string }) {
  return (
    <>
      {fillTokens(text).map((part, i) =>
        part.href ? (
          <a
            key={i}
            href={part.href}
            className={
              linkClassName ??
              'underline decoration-stone-300 underline-offset-4 hover:decoration-accent'
            }
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

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
