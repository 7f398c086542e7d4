/** The site's layout primitives: the one content width, the section rhythm, section headers. */
import type { ReactNode } from 'react';
import type { SectionCopy } from '../../content/sections.ts';
import { cx } from './cx.ts';

export type Tone = 'light' | 'dark';

/** The header's gutters, so brand and content share a left edge. */
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
  labelledby: string;
  background?: keyof typeof BACKGROUNDS;
  /** The fixed header's clearance instead of the top rhythm. */
  first?: boolean;
  contained?: boolean;
  className?: string | undefined;
  children: ReactNode;
}

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
  headingId: string;
  level?: 1 | 2;
  tone?: Tone;
  /** 'split': the lede beside the heading from 1024px. */
  layout?: 'split' | 'stacked';
}

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

/** @throws Error naming a missing id (fails the build) */
export function sectionsOf(
  part: Readonly<Record<string, SectionCopy>>,
): (id: string) => SectionCopy {
  return (id) => {
    const copy = part[id];
    if (!copy) throw new Error(`Missing section copy "${id}" in src/content/sections.yaml`);
    return copy;
  };
}

/** "01", "02"… */
const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * A list entry's number as drawn beside it ("01", or "01 / 06" with `of`), hidden from assistive
 * technology, which has the list's own count.
 * @param n the entry's position, from 1
 * @param of the number of entries, shown after a slash
 */
export function IndexNumber({ n, of, tone = 'light' }: { n: number; of?: number; tone?: Tone }) {
  return (
    <span
      aria-hidden="true"
      className={cx('text-sm tabular-nums', tone === 'dark' ? 'text-stone-300' : 'text-stone-600')}
    >
      {of === undefined ? pad(n) : `${pad(n)} / ${pad(of)}`}
    </span>
  );
}
