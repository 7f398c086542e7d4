/** Testimonial carousel rules (docs/product.md#testimonial-carousel). */

/** ms. */
export const ROTATE_MS = 6000;

/** @throws RangeError when `count` is not a positive integer */
export function nextIndex(index: number, count: number): number {
  return selectIndex(index + 1, count);
}

/** Modulo `count`, never negative; throws RangeError when `count` is not a positive integer. */
export function selectIndex(index: number, count: number): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`Invalid slide count ${count}`);
  return ((Math.trunc(index) % count) + count) % count;
}

/** @param index 0-based */
export function dotLabel(index: number, count: number): string {
  return `Show testimonial ${index + 1} of ${count}`;
}

export function slideLabel(index: number, count: number): string {
  return `${index + 1} of ${count}`;
}

export interface RotationState {
  playing: boolean;
  hovered: boolean;
  focused: boolean;
}

export function initialPlaying(prefersReducedMotion: boolean): boolean {
  return !prefersReducedMotion;
}

export function isRotating(s: RotationState): boolean {
  return s.playing && !s.hovered && !s.focused;
}

/** Silent while rotating, so screen-reader users are not interrupted every six seconds. */
export function liveMode(rotating: boolean): 'off' | 'polite' {
  return rotating ? 'off' : 'polite';
}

/** Says what pressing does. */
export function toggleLabel(playing: boolean): 'Pause testimonials' | 'Play testimonials' {
  return playing ? 'Pause testimonials' : 'Play testimonials';
}
