/**
 * The site's layout and typography primitives: the one content
 * width, a section with the one vertical rhythm, the eyebrow label and a section header.
 * Presentational only: no state, no effects, identical on server and client.
 */
import type { ReactNode } from 'react';
import type { SectionCopy } from '../../content/sections.ts';
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
        first ? 'pt-header' : 'render-when-near pt-section',
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

/**
 * The lookup of section copy by id in `part` (a page's part of `sections.yaml`).
 *
 * The lookup throws an Error naming the id and the file when `part` has no such entry (a typo, or
 * an id of another page), so it fails the server's first render of the page and every test
 * instead of rendering an empty section. It lives in this module, which every page's script
 * loads with the header, rather than beside the type: a module of its own that only the pages
 * share would be a separate small file for each page's first load.
 */
export function sectionsOf(
  part: Readonly<Record<string, SectionCopy>>,
): (id: string) => SectionCopy {
  return (id) => {
    const copy = part[id];
    if (!copy) throw new Error(`Missing section copy "${id}" in src/content/sections.yaml`);
    return copy;
  };
}
