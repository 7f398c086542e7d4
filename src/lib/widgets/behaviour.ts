/**
 * The behaviour of the widgets inside the pages' static parts (decision 019): the testimonial
 * carousel, the awards carousel and the stat counters. The server draws their markup
 * (`src/components/widgets/`), React never hydrates it, and this module brings it to life in
 * place, the way `bindTooltips` does for tooltips (decision 017).
 *
 * `bindWidgets(root)` binds every widget inside `root` and returns a function that unbinds them
 * (clears their timers, disconnects their observers, removes their listeners). `staticParts`
 * calls it on each part's element when React commits it, while hydrating the server's page or
 * after a client-side navigation, and calls the returned function when the part is removed.
 *
 * The markup each binder expects, and the states it writes, are those the components document:
 * the binders only set attributes, text and `transform`, never add or remove nodes.
 */
import { clampOffset, isNextDisabled, isPreviousDisabled, STEP_PX } from './awards.ts';
import {
  initialPlaying,
  isRotating,
  liveMode,
  nextIndex,
  ROTATE_MS,
  selectIndex,
  toggleLabel,
} from './carousel.ts';
import {
  frameNumber,
  parseStat,
  statParts,
  STEP_MS,
  STEPS,
  VISIBILITY_THRESHOLD,
} from './counter.ts';
import { REDUCED_MOTION_QUERY } from './motion.ts';

type Unbind = () => void;

/** Sets (`on`) or removes an empty boolean-style data attribute. */
const flag = (element: Element, name: string, on: boolean): void => {
  element.toggleAttribute(name, on);
};

/**
 * The testimonial carousel (docs/product.md#testimonial-carousel; WAI-ARIA APG carousel). One
 * slide shows at a time and advances every `ROTATE_MS` (6000 ms), wrapping, while it rotates:
 * playing (the Pause/Play choice, or before any choice: no reduced-motion preference), not hovered
 * and without focus inside. A dot shows its slide. The interval restarts whenever rotation
 * resumes. A carousel without slides is left alone.
 */
function bindTestimonials(root: HTMLElement, signal: AbortSignal): Unbind {
  const slides = [...root.querySelectorAll('[data-slide]')];
  const dots = [...root.querySelectorAll('[data-slide-to]')];
  const live = root.querySelector('[data-slides]');
  const toggleText = root.querySelector('[data-action="toggle"] > span:last-child');
  const count = slides.length;
  if (count === 0) return () => {};
  const motion = matchMedia(REDUCED_MOTION_QUERY);
  let index = 0;
  let chosen: boolean | null = null;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const show = (): void => {
    const playing = chosen ?? initialPlaying(motion.matches);
    const rotating = isRotating({ playing, hovered, focused });
    root.dataset['active'] = String(index);
    flag(root, 'data-playing', playing);
    flag(root, 'data-rotating', rotating);
    live?.setAttribute('aria-live', liveMode(rotating));
    slides.forEach((slide, i) => flag(slide, 'data-active', i === index));
    dots.forEach((dot, i) =>
      i === index ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current'),
    );
    if (toggleText) toggleText.textContent = toggleLabel(playing);
    if (rotating && !timer) {
      timer = setInterval(() => {
        index = nextIndex(index, count);
        show();
      }, ROTATE_MS);
    } else if (!rotating && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  const on = <K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (event: HTMLElementEventMap[K]) => void,
  ): void => root.addEventListener(type, listener, { signal });
  on('pointerenter', () => {
    hovered = true;
    show();
  });
  on('pointerleave', () => {
    hovered = false;
    show();
  });
  on('focusin', () => {
    focused = true;
    show();
  });
  on('focusout', (event) => {
    // Focus moving between elements inside the carousel keeps it held.
    if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
    focused = false;
    show();
  });
  on('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    if (button.dataset['action'] === 'toggle') {
      chosen = !(chosen ?? initialPlaying(motion.matches));
    } else if (button.dataset['slideTo'] !== undefined) {
      index = selectIndex(Number(button.dataset['slideTo']), count);
    } else return;
    show();
  });
  motion.addEventListener('change', () => show(), { signal });
  show();
  return () => clearInterval(timer);
}

/**
 * The awards carousel (docs/product.md#awards-carousel): Previous and Next move the strip by
 * `STEP_PX` (300 px) within [0, stripWidth − viewportWidth] and are `aria-disabled` at their
 * bounds; the bounds are measured again whenever the window resizes.
 */
function bindAwards(root: HTMLElement, signal: AbortSignal): Unbind {
  const viewport = root.querySelector<HTMLElement>('[data-viewport]');
  const strip = root.querySelector<HTMLElement>('[data-strip]');
  const previous = root.querySelector('[data-action="previous"]');
  const next = root.querySelector('[data-action="next"]');
  if (!viewport || !strip) return () => {};
  let offset = 0;

  const move = (step: number): void => {
    offset = clampOffset(offset, step, strip.scrollWidth, viewport.clientWidth);
    root.dataset['offset'] = String(offset);
    strip.style.transform = offset ? `translateX(${-offset}px)` : '';
    previous?.setAttribute('aria-disabled', String(isPreviousDisabled(offset)));
    next?.setAttribute(
      'aria-disabled',
      String(isNextDisabled(offset, strip.scrollWidth, viewport.clientWidth)),
    );
  };

  root.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || button.getAttribute('aria-disabled') === 'true') return;
      const action = button.dataset['action'];
      if (action === 'previous') move(-STEP_PX);
      else if (action === 'next') move(STEP_PX);
    },
    { signal },
  );
  const observer = new ResizeObserver(() => move(0));
  observer.observe(viewport);
  return () => observer.disconnect();
}

/**
 * One stat counter (docs/product.md#stat-counters): when `VISIBILITY_THRESHOLD` (30 %) of it is
 * visible, its animated copy resets to 0 and counts up in `STEPS` (40) steps of `STEP_MS`
 * (50 ms), once (`data-state` running, then done). Nothing moves under reduced motion or for a
 * value without a number.
 */
function bindCounter(counter: HTMLElement): Unbind {
  const value = counter.dataset['value'] ?? '';
  const number = counter.querySelector('[data-number]');
  const stat = parseStat(value);
  if (!number || !stat || matchMedia(REDUCED_MOTION_QUERY).matches) return () => {};
  const final = statParts(value).number;
  let timer: ReturnType<typeof setInterval> | undefined;
  const start = (): void => {
    let step = 0;
    number.textContent = frameNumber(stat, 0);
    counter.dataset['state'] = 'running';
    timer = setInterval(() => {
      step += 1;
      if (step < STEPS) {
        number.textContent = frameNumber(stat, step);
        return;
      }
      clearInterval(timer);
      number.textContent = final;
      counter.dataset['state'] = 'done';
    }, STEP_MS);
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { threshold: VISIBILITY_THRESHOLD },
  );
  observer.observe(counter);
  return () => {
    observer.disconnect();
    clearInterval(timer);
  };
}

type Binder = (element: HTMLElement, signal: AbortSignal) => Unbind;

const BINDERS: ReadonlyArray<[selector: string, bind: Binder]> = [
  ['[data-carousel="testimonials"]', bindTestimonials],
  ['[data-carousel="awards"]', bindAwards],
  ['[data-counter]', bindCounter],
];

/**
 * Binds every widget inside `root` (see the module comment).
 * @returns a function that unbinds them all
 */
export function bindWidgets(root: ParentNode): Unbind {
  const listeners = new AbortController();
  const unbind: Unbind[] = [];
  for (const [selector, bind] of BINDERS) {
    for (const element of root.querySelectorAll<HTMLElement>(selector)) {
      unbind.push(bind(element, listeners.signal));
    }
  }
  return () => {
    listeners.abort();
    unbind.forEach((fn) => fn());
  };
}
