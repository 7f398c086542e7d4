/** https://www.w3.org/WAI/ARIA/apg/patterns/carousel/ (docs/product.md#testimonial-carousel). */
import { useEffect, useState, type FocusEvent } from 'react';
import { Pause as pauseIcon, Play as playIcon, Quote as quoteIcon } from 'lucide';
import { Icon } from '../ui/icon.tsx';
import {
  dotLabel,
  initialPlaying,
  isRotating,
  liveMode,
  nextIndex,
  ROTATE_MS,
  slideLabel,
  toggleLabel,
} from '../../lib/widgets/carousel.ts';
import { REDUCED_MOTION_QUERY } from '../../lib/widgets/motion.ts';
import { useMediaQuery } from './use-media-query.ts';

export interface TestimonialCarouselProps {
  testimonials: ReadonlyArray<{ quote: string; author: string; position?: string | undefined }>;
  labelledby: string;
}

type Testimonial = TestimonialCarouselProps['testimonials'][number];

export function TestimonialCarousel({ testimonials, labelledby }: TestimonialCarouselProps) {
  const count = testimonials.length;
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [index, setIndex] = useState(0);
  // Once pressed, the visitor's choice wins over the motion preference.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = chosen ?? initialPlaying(reducedMotion);
  const rotating = isRotating({ playing, hovered, focused });

  useEffect(() => {
    if (!rotating || count < 2) return;
    const timer = setInterval(() => setIndex((i) => nextIndex(i, count)), ROTATE_MS);
    return () => clearInterval(timer);
  }, [rotating, count]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
      setFocused(false);
  };

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-labelledby={labelledby}
      className="testimonials block"
      data-playing={playing ? '' : undefined}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div aria-live={liveMode(rotating)} className="slides">
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
      <div className="controls mt-8 flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="button"
          onClick={() => setChosen(!playing)}
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
              aria-label={dotLabel(i, count)}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            >
              <span className="dot-mark size-2.5 rounded-full" />
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

/** `active`: the one the CSS shows with scripting. */
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
