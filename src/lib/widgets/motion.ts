/** Motion rules of the hero's cursor marker and scroll cue (docs/product.md#hero). */

export const FINE_POINTER_QUERY = '(pointer: fine) and (hover: hover)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function cursorMarkerEnabled(finePointer: boolean, reducedMotion: boolean): boolean {
  return finePointer && !reducedMotion;
}

/** CSS px from a box's top-left corner. */
export interface Point {
  x: number;
  y: number;
}

/** The pointer (viewport px) relative to `box`, clamped inside it so the marker never leaves. */
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

export function scrollBehaviour(reducedMotion: boolean): ScrollBehavior {
  return reducedMotion ? 'auto' : 'smooth';
}
