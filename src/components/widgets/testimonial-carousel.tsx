/**
 * Testimonial carousel (docs/product.md#testimonial-carousel; WAI-ARIA APG carousel pattern with
 * slide-picker dots): the markup, as the server draws it. `bindWidgets`
 * (`src/lib/widgets/behaviour.ts`, decision 019) brings it to life in place.
 *
 * Without JavaScript every testimonial is shown as a list. With it (`@media (scripting:
 * enabled)` in `widgets.css`, so nothing jumps when the behaviour binds) one slide shows at a
 * time; it advances every 6000 ms and wraps, pauses while hovered or focused within, offers a
 * Pause/Play button, and does not auto-advance under reduced motion. Rules:
 * `src/lib/widgets/carousel.ts`.
 *
 * DOM: `<div class="testimonials" data-carousel="testimonials" role="region"
 * aria-roledescription="carousel" data-active [data-playing] [data-rotating]>` › `<div
 * data-slides aria-live>` › slides (`role="group" aria-roledescription="slide" aria-label="N of
 * 6" [data-active]`), then the toggle button (`data-action="toggle"`, "Pause testimonials" /
 * "Play testimonials" in its last `<span>`) and the dots (`data-slide-to`, "Show testimonial N of
 * 6", `aria-current`). The server draws the first slide active and the carousel playing.
 */
import { __iconData as pauseIcon } from 'lucide-react/icons/pause';
import { __iconData as playIcon } from 'lucide-react/icons/play';
import { __iconData as quoteIcon } from 'lucide-react/icons/quote';
import { Icon } from '../ui/icon.tsx';
import { dotLabel, liveMode, slideLabel, toggleLabel } from '../../lib/widgets/carousel.ts';

export interface TestimonialCarouselProps {
  testimonials: ReadonlyArray<{ quote: string; author: string; position?: string | undefined }>;
  /** Id of the section heading that names the carousel. */
  labelledby: string;
}

type Testimonial = TestimonialCarouselProps['testimonials'][number];

export function TestimonialCarousel({ testimonials, labelledby }: TestimonialCarouselProps) {
  const count = testimonials.length;
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-labelledby={labelledby}
      className="testimonials block"
      data-carousel="testimonials"
      data-active={0}
      data-playing=""
      data-rotating=""
    >
      <div data-slides="" aria-live={liveMode(true)} className="slides">
        {testimonials.map((t, i) => (
          <TestimonialSlide
            key={t.author}
            testimonial={t}
            index={i}
            count={count}
            active={i === 0}
          />
        ))}
      </div>
      <CarouselControls testimonials={testimonials} />
    </div>
  );
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
}: {
  testimonials: TestimonialCarouselProps['testimonials'];
}) {
  const count = testimonials.length;
  return (
    <div className="controls mt-8 flex-wrap items-center gap-x-4 gap-y-2">
      <button
        type="button"
        data-action="toggle"
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-500 px-4 text-sm font-semibold whitespace-nowrap hover:bg-stone-100"
      >
        <Icon icon={pauseIcon} className="icon-pause" size={16} />
        <Icon icon={playIcon} className="icon-play" size={16} />
        <span>{toggleLabel(true)}</span>
      </button>
      <div className="flex flex-wrap">
        {testimonials.map((t, i) => (
          <button
            key={t.author}
            type="button"
            className="dot inline-flex size-11 items-center justify-center"
            data-slide-to={i}
            aria-label={dotLabel(i, count)}
            aria-current={i === 0 ? 'true' : undefined}
          >
            <span className="dot-mark size-2.5 rounded-full" />
          </button>
        ))}
      </div>
    </div>
  );
}
