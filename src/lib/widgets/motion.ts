/** Motion rules of the hero's cursor marker and scroll cue (docs/product.md#hero). */

/** Media query of devices whose pointer can follow a cursor marker (mouse, trackpad, pen). */
export const FINE_POINTER_QUERY = '(pointer: fine) and (hover: hover)';
/** Media query of visitors who asked for less motion. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether the cursor marker is shown at all (pointer devices only; hidden for touch and
 * for `prefers-reduced-motion`).
 */
export function cursorMarkerEnabled(finePointer: boolean, reducedMotion: boolean): boolean {
  return finePointer && !reducedMotion;
}

/** A point in CSS px relative to the top-left corner of a box. */
export interface Point {
  x: number;
  y: number;
}

/**
 * Position of the pointer inside its hero, for the marker's `translate()`.
 *
 * @param clientX pointer x in viewport px (`PointerEvent.clientX`).
 * @param clientY pointer y in viewport px.
 * @param box the hero's `getBoundingClientRect()` (left/top/width/height in viewport px).
 * @returns the point relative to the box, clamped inside it so the marker never leaves the hero.
 */
export function pointInBox(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
): Point {
  return {
    x: Math.min(Math.max(clientX - box.left, 0), box.width),
    y: Math.min(Math.max(clientY - box.top, 0), box.height),
  };
}

/** Scroll behaviour of the scroll cue: smooth, or instant under reduced motion. */
export function scrollBehaviour(reducedMotion: boolean): ScrollBehavior {
  return reducedMotion ? 'auto' : 'smooth';
}
