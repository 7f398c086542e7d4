/** docs/product.md#awards-carousel; `aria-disabled` so that a focused button keeps focus. */
import { useEffect, useRef, useState } from 'react';
import { ChevronLeft as chevronLeftIcon, ChevronRight as chevronRightIcon } from 'lucide';
import { Icon } from '../ui/icon.tsx';
import { ContentPicture } from '../ui/content-picture.tsx';
import type { ContentImage } from '../../lib/media.ts';
import {
  clampOffset,
  isNextDisabled,
  isPreviousDisabled,
  STEP_PX,
} from '../../lib/widgets/awards.ts';

export interface AwardsCarouselProps {
  awards: ReadonlyArray<{ id: string; name: string; image: ContentImage }>;
  labelledby: string;
}

const BUTTON =
  'inline-flex size-11 items-center justify-center rounded-full border border-stone-500 transition-colors hover:bg-stone-100 aria-disabled:cursor-not-allowed aria-disabled:border-stone-300 aria-disabled:text-stone-500 aria-disabled:hover:bg-transparent';

export function AwardsCarousel({ awards, labelledby }: AwardsCarouselProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  // Until measured the strip is taken to overflow: Next is enabled.
  const [widths, setWidths] = useState({ strip: 1, viewport: 0 });

  /** px. */
  const move = (step: number) => {
    const frame = viewport.current;
    const list = strip.current;
    if (!frame || !list) return;
    const measured = { strip: list.scrollWidth, viewport: frame.clientWidth };
    setWidths(measured);
    setOffset((current) => clampOffset(current, step, measured.strip, measured.viewport));
  };

  useEffect(() => {
    const frame = viewport.current;
    if (!frame) return;
    const observer = new ResizeObserver(() => move(0));
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  const previousDisabled = isPreviousDisabled(offset);
  const nextDisabled = isNextDisabled(offset, widths.strip, widths.viewport);

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-labelledby={labelledby}
      className="awards block"
    >
      <div className="controls mb-6 justify-end gap-3">
        <button
          type="button"
          aria-disabled={previousDisabled}
          onClick={() => {
            if (!previousDisabled) move(-STEP_PX);
          }}
          className={BUTTON}
        >
          <Icon icon={chevronLeftIcon} size={20} />
          <span className="sr-only">Previous awards</span>
        </button>
        <button
          type="button"
          aria-disabled={nextDisabled}
          onClick={() => {
            if (!nextDisabled) move(STEP_PX);
          }}
          className={BUTTON}
        >
          <Icon icon={chevronRightIcon} size={20} />
          <span className="sr-only">Next awards</span>
        </button>
      </div>
      <div ref={viewport} className="viewport">
        <ul
          ref={strip}
          className="strip"
          role="list"
          style={offset ? { transform: `translateX(${-offset}px)` } : undefined}
        >
          {awards.map((award) => (
            <li key={award.id} className="award">
              <ContentPicture
                image={award.image}
                alt=""
                width={160}
                height={160}
                className="size-40 object-contain"
              />
              <p className="text-center text-base font-semibold text-balance">{award.name}</p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
