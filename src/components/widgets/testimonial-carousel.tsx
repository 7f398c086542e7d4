/**
 * Testimonial carousel (docs/product.md#testimonial-carousel; WAI-ARIA APG carousel pattern with
 * slide-picker dots).
 *
 * Without JavaScript every testimonial is shown as a list. With it (`@media (scripting:
 * enabled)` in `widgets.css`, so nothing jumps at hydration) one slide shows at a time; it
 * advances every 6000 ms and wraps, pauses while hovered or focused within, offers a Pause/Play
 * button, and does not auto-advance under reduced motion. Rules: `src/lib/widgets/carousel.ts`.
 *
 * DOM: `<div class="testimonials" role="region" aria-roledescription="carousel" data-active
 * [data-playing] [data-rotating]>` › toggle button ("Pause testimonials" / "Play testimonials"),
 * dots ("Show testimonial N of 6", `aria-current`), `<div data-slides aria-live>` › slides
 * (`role="group" aria-roledescription="slide" aria-label="N of 6" [data-active]`).
 */
import { __iconData as pauseIcon } from 'lucide-react/icons/pause';
import { __iconData as playIcon } from 'lucide-react/icons/play';
import { __iconData as quoteIcon } from 'lucide-react/icons/quote';
import { Icon } from '../ui/icon.tsx';
import { useEffect, useState, type FocusEvent } from 'react';
import {
  dotLabel,
  initialPlaying,
  isRotating,
  liveMode,
  nextIndex,
  ROTATE_MS,
  selectIndex,
  slideLabel,
  toggleLabel,
} from '../../lib/widgets/carousel.ts';
import { REDUCED_MOTION_QUERY } from '../../lib/widgets/motion.ts';
import { useMediaQuery } from './use-media-query.ts';

export interface TestimonialCarouselProps {
  testimonials: ReadonlyArray<{ quote: string; author: string; position?: string | undefined }>;
  /** Id of the section heading that names the carousel. */
  labelledby: string;
}

type Testimonial = TestimonialCarouselProps['testimonials'][number];

export function TestimonialCarousel({ testimonials, labelledby }: TestimonialCarouselProps) {
  const count = testimonials.length;
  const { index, select, playing, toggle, rotating, holdHandlers } = useRotation(count);

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-labelledby={labelledby}
      className="testimonials block"
      data-active={index}
      data-playing={playing ? '' : undefined}
      data-rotating={rotating ? '' : undefined}
      {...holdHandlers}
    >
      <div data-slides="" aria-live={liveMode(rotating)} className="slides">
        {testimonials.map((t, i) => (
          <TestimonialSlide
            key={t.author}
            testimonial={t}
            index={i}
            count={count}
            active={i === index}
          />
        ))}
      </div>
      <CarouselControls
        testimonials={testimonials}
        index={index}
        playing={playing}
        onToggle={toggle}
        onSelect={select}
      />
    </div>
  );
}

/**
 * The carousel's state: the active slide (`index`, 0-based, of `count` slides), the Pause/Play
 * choice (`playing`; before the visitor presses the button, playing unless they prefer reduced
 * motion) and whether the slides advance right now (`rotating`: playing, not hovered, no focus
 * inside). While rotating, an interval advances `index` every `ROTATE_MS` (6000 ms), wrapping.
 *
 * @returns the state, `select(i)` (a dot), `toggle()` (Pause/Play) and `holdHandlers`, the
 *   pointer and focus handlers to spread on the carousel's root element.
 */
function useRotation(count: number) {
  const [index, setIndex] = useState(0);
  // null until the visitor presses Pause/Play; before that, reduced motion decides.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const playing = chosen ?? initialPlaying(reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = isRotating({ playing, hovered, focused });

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => nextIndex(i, count)), ROTATE_MS);
    return () => clearInterval(timer);
  }, [rotating, count]);

  return {
    index,
    select: (i: number) => setIndex(selectIndex(i, count)),
    playing,
    toggle: () => setChosen(!playing),
    rotating,
    holdHandlers: {
      onPointerEnter: () => setHovered(true),
      onPointerLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      // Focus moving between elements inside the carousel keeps it held.
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (
          event.relatedTarget instanceof Node &&
          event.currentTarget.contains(event.relatedTarget)
        )
          return;
        setFocused(false);
      },
    },
  };
}

/**
 * One slide (`role="group"`, `aria-roledescription="slide"`, "N of M"): the quote, its author and
 * their position. `active` marks the slide the CSS shows while JavaScript runs.
 */
function TestimonialSlide({
  testimonial: t,
  index,
  count,
  active,
}: {
  testimonial: Testimonial;
  index: number;
  count: number;
  active: boolean;
}) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={slideLabel(index, count)}
      data-slide=""
      data-active={active ? '' : undefined}
      className="slide"
    >
      <figure className="flex flex-col gap-6">
        <Icon icon={quoteIcon} className="text-accent" size={32} />
        <blockquote className="font-display text-xl leading-snug text-balance sm:text-2xl md:text-3xl">
          <p>{t.quote}</p>
        </blockquote>
        <figcaption className="text-base">
          <span className="font-semibold">{t.author}</span>
          {t.position && <span className="block text-sm text-stone-600">{t.position}</span>}
        </figcaption>
      </figure>
    </div>
  );
}

/**
 * The Pause/Play button (its label says what pressing it does) and one dot per slide ("Show
 * testimonial N of M", `aria-current` on the active one).
 */
function CarouselControls({
  testimonials,
  index,
  playing,
  onToggle,
  onSelect,
}: {
  testimonials: TestimonialCarouselProps['testimonials'];
  index: number;
  playing: boolean;
  onToggle: () => void;
  onSelect: (index: number) => void;
}) {
  const count = testimonials.length;
  return (
    <div className="controls mt-8 flex-wrap items-center gap-x-4 gap-y-2">
      <button
        type="button"
        data-action="toggle"
        onClick={onToggle}
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-500 px-4 text-sm font-semibold whitespace-nowrap hover:bg-stone-100"
      >
        <Icon icon={pauseIcon} className="icon-pause" size={16} />
        <Icon icon={playIcon} className="icon-play" size={16} />
        <span>{toggleLabel(playing)}</span>
      </button>
      <div className="flex flex-wrap">
        {testimonials.map((t, i) => (
          <button
            key={t.author}
            type="button"
            className="dot inline-flex size-11 items-center justify-center"
            data-slide-to={i}
            aria-label={dotLabel(i, count)}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => onSelect(i)}
          >
            <span className="dot-mark size-2.5 rounded-full" />
          </button>
        ))}
      </div>
    </div>
  );
}
