/**
 * Testimonial carousel rules (docs/product.md#testimonial-carousel; WAI-ARIA APG carousel pattern).
 *
 * The active slide advances every 6000 ms and wraps from the last to the first. Rotation stops
 * while the carousel is hovered or holds focus, when the visitor presses Pause, and by default
 * under `prefers-reduced-motion` (WCAG 2.2.2). The live region is silent while rotating and
 * polite when stopped, so screen-reader users are not interrupted every six seconds.
 */

/** Time in ms between two automatic advances. */
export const ROTATE_MS = 6000;

/**
 * Index after `index` in a carousel of `count` slides, wrapping last → first.
 *
 * @throws RangeError when `count` is not a positive integer.
 */
export function nextIndex(index: number, count: number): number {
  return selectIndex(index + 1, count);
}

/**
 * Normalise any integer to a valid slide index (modulo `count`, never negative), e.g. what a
 * dot button selects.
 *
 * @throws RangeError when `count` is not a positive integer.
 */
export function selectIndex(index: number, count: number): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`Invalid slide count ${count}`);
  return ((Math.trunc(index) % count) + count) % count;
}

/** Accessible name of the dot button for slide `index` (0-based): "Show testimonial N of M". */
export function dotLabel(index: number, count: number): string {
  return `Show testimonial ${index + 1} of ${count}`;
}

/** `aria-label` of slide `index` (0-based): "N of M". */
export function slideLabel(index: number, count: number): string {
  return `${index + 1} of ${count}`;
}

/** What decides whether the carousel rotates. */
export interface RotationState {
  /** The visitor's Pause/Play choice; starts as `!prefersReducedMotion`. */
  playing: boolean;
  /** Pointer is over the carousel. */
  hovered: boolean;
  /** Focus is inside the carousel. */
  focused: boolean;
}

/** Initial Play/Pause state: playing unless the visitor prefers reduced motion. */
export function initialPlaying(prefersReducedMotion: boolean): boolean {
  return !prefersReducedMotion;
}

/** Whether the slides advance automatically right now. */
export function isRotating(s: RotationState): boolean {
  return s.playing && !s.hovered && !s.focused;
}

/** `aria-live` of the slide container: "off" while rotating, "polite" when stopped (APG). */
export function liveMode(rotating: boolean): 'off' | 'polite' {
  return rotating ? 'off' : 'polite';
}

/** Accessible name of the Pause/Play button, which states what pressing it does. */
export function toggleLabel(playing: boolean): 'Pause testimonials' | 'Play testimonials' {
  return playing ? 'Pause testimonials' : 'Play testimonials';
}
