/**
 * Awards carousel (docs/product.md#awards-carousel).
 *
 * A strip of award badges in a window. Without JavaScript the window scrolls horizontally. With
 * it (`@media (scripting: enabled)`) the window clips and Previous/Next move the strip with
 * `translateX(-offset)` by 300px (on phones one 276px badge + 24px gap), clamped to
 * [0, stripWidth − windowWidth], and are `aria-disabled="true"` at their bounds (not `disabled`,
 * so a focused button keeps focus at a bound). Bounds are recomputed when the window resizes.
 * Rules: `src/lib/widgets/awards.ts`.
 *
 * DOM: `<div class="awards" role="region" aria-roledescription="carousel" data-offset>` ›
 * buttons `[data-action=previous|next]` ("Previous awards", "Next awards"), `[data-viewport]` ›
 * `<ul data-strip>` › `<li data-award>` (badge + name).
 */
import { __iconData as chevronLeftIcon } from 'lucide-react/icons/chevron-left';
import { __iconData as chevronRightIcon } from 'lucide-react/icons/chevron-right';
import { Icon } from '../ui/icon.tsx';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  clampOffset,
  isNextDisabled,
  isPreviousDisabled,
  STEP_PX,
} from '../../lib/widgets/awards.ts';

export interface AwardsCarouselProps {
  awards: ReadonlyArray<{ id: string; name: string; image: string }>;
  /** Id of the section heading that names the carousel. */
  labelledby: string;
}

const BUTTON =
  'inline-flex size-11 items-center justify-center rounded-full border border-stone-500 transition-colors hover:bg-stone-100 aria-disabled:cursor-not-allowed aria-disabled:border-stone-300 aria-disabled:text-stone-500 aria-disabled:hover:bg-transparent';

export function AwardsCarousel({ awards, labelledby }: AwardsCarouselProps) {
  const { viewport, strip, offset, previousDisabled, nextDisabled, move } = useStripOffset();

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-labelledby={labelledby}
      className="awards block"
      data-offset={offset}
    >
      <div className="controls mb-6 justify-end gap-3">
        <StepButton action="previous" disabled={previousDisabled} onStep={() => move(-STEP_PX)} />
        <StepButton action="next" disabled={nextDisabled} onStep={() => move(STEP_PX)} />
      </div>
      <div ref={viewport} data-viewport="" className="viewport">
        <ul
          ref={strip}
          data-strip=""
          className="strip"
          role="list"
          style={offset ? { transform: `translateX(${-offset}px)` } : undefined}
        >
          {awards.map((award) => (
            <AwardBadge key={award.id} award={award} />
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * The strip's offset in CSS px (how far it has moved left, ≥ 0) and the buttons' bounds, measured
 * from the `viewport` and `strip` elements the returned refs attach to. `move(step)` moves by
 * `step` px (±`STEP_PX`; 0 re-clamps) within [0, stripWidth − viewportWidth]; a `ResizeObserver`
 * on the viewport re-clamps whenever its size changes.
 */
function useStripOffset() {
  const viewport = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLUListElement>(null);
  const offsetRef = useRef(0);
  const [offset, setOffset] = useState(0);
  // Server HTML: at the start, so Previous is disabled and Next enabled until measured.
  const [nextDisabled, setNextDisabled] = useState(false);

  /** Move by `step` px (0 re-clamps after a resize) and update the buttons' bounds. */
  const move = useCallback((step: number) => {
    const v = viewport.current;
    const s = strip.current;
    if (!v || !s) return;
    const next = clampOffset(offsetRef.current, step, s.scrollWidth, v.clientWidth);
    offsetRef.current = next;
    setOffset(next);
    setNextDisabled(isNextDisabled(next, s.scrollWidth, v.clientWidth));
  }, []);

  useEffect(() => {
    const v = viewport.current;
    if (!v) return;
    const observer = new ResizeObserver(() => move(0));
    observer.observe(v);
    return () => observer.disconnect();
  }, [move]);

  return {
    viewport,
    strip,
    offset,
    previousDisabled: isPreviousDisabled(offset),
    nextDisabled,
    move,
  };
}

/** Label and icon of each step button. */
const STEPS = {
  previous: { label: 'Previous awards', icon: chevronLeftIcon },
  next: { label: 'Next awards', icon: chevronRightIcon },
} as const;

/**
 * Previous or Next. At its bound it is `aria-disabled="true"` and ignores presses, but stays
 * focusable (not `disabled`), so keyboard focus is not lost when the strip reaches the end.
 */
function StepButton({
  action,
  disabled,
  onStep,
}: {
  action: keyof typeof STEPS;
  disabled: boolean;
  onStep: () => void;
}) {
  const { label, icon } = STEPS[action];
  return (
    <button
      type="button"
      data-action={action}
      aria-disabled={disabled}
      className={BUTTON}
      onClick={() => {
        if (!disabled) onStep();
      }}
    >
      <Icon icon={icon} size={20} />
      <span className="sr-only">{label}</span>
    </button>
  );
}

/** One award in the strip: its 160×160px badge (decorative, lazy) and its name. */
function AwardBadge({ award }: { award: AwardsCarouselProps['awards'][number] }) {
  return (
    <li className="award" data-award={award.id}>
      <img
        src={award.image}
        alt=""
        width={160}
        height={160}
        loading="lazy"
        decoding="async"
        className="size-40 object-contain"
      />
      <p className="text-center text-base font-semibold text-balance">{award.name}</p>
    </li>
  );
}
