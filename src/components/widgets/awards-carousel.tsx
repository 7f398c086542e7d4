/**
 * Awards carousel (docs/product.md#awards-carousel): the markup, as the server draws it.
 * `bindWidgets` (`src/lib/widgets/behaviour.ts`, decision 019) brings it to life in place.
 *
 * A strip of award badges in a window. Without JavaScript the window scrolls horizontally. With
 * it (`@media (scripting: enabled)`) the window clips and Previous/Next move the strip with
 * `translateX(-offset)` by 300px (on phones one 276px badge + 24px gap), clamped to
 * [0, stripWidth − windowWidth], and are `aria-disabled="true"` at their bounds (not `disabled`,
 * so a focused button keeps focus at a bound). Bounds are recomputed when the window resizes.
 * Rules: `src/lib/widgets/awards.ts`.
 *
 * DOM: `<div class="awards" data-carousel="awards" role="region" aria-roledescription="carousel"
 * data-offset>` ›
 * buttons `[data-action=previous|next]` ("Previous awards", "Next awards"), `[data-viewport]` ›
 * `<ul data-strip>` › `<li data-award>` (badge + name).
 */
import { __iconData as chevronLeftIcon } from 'lucide-react/icons/chevron-left';
import { __iconData as chevronRightIcon } from 'lucide-react/icons/chevron-right';
import { Icon } from '../ui/icon.tsx';

export interface AwardsCarouselProps {
  awards: ReadonlyArray<{ id: string; name: string; image: string }>;
  /** Id of the section heading that names the carousel. */
  labelledby: string;
}

const BUTTON =
  'inline-flex size-11 items-center justify-center rounded-full border border-stone-500 transition-colors hover:bg-stone-100 aria-disabled:cursor-not-allowed aria-disabled:border-stone-300 aria-disabled:text-stone-500 aria-disabled:hover:bg-transparent';

export function AwardsCarousel({ awards, labelledby }: AwardsCarouselProps) {
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-labelledby={labelledby}
      className="awards block"
      data-carousel="awards"
      data-offset={0}
    >
      <div className="controls mb-6 justify-end gap-3">
        <StepButton action="previous" disabled />
        <StepButton action="next" disabled={false} />
      </div>
      <div data-viewport="" className="viewport">
        <ul data-strip="" className="strip" role="list">
          {awards.map((award) => (
            <AwardBadge key={award.id} award={award} />
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Label and icon of each step button. */
const STEPS = {
  previous: { label: 'Previous awards', icon: chevronLeftIcon },
  next: { label: 'Next awards', icon: chevronRightIcon },
} as const;

/**
 * Previous or Next (the server draws the strip at its start: Previous at its bound). At its bound
 * it is `aria-disabled="true"` and ignores presses, but stays
 * focusable (not `disabled`), so keyboard focus is not lost when the strip reaches the end.
 */
function StepButton({ action, disabled }: { action: keyof typeof STEPS; disabled: boolean }) {
  const { label, icon } = STEPS[action];
  return (
    <button type="button" data-action={action} aria-disabled={disabled} className={BUTTON}>
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
