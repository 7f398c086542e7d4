/**
 * Awards carousel rules (docs/product.md#awards-carousel).
 *
 * The offset is how far, in CSS px, the strip of awards has moved left (the strip is drawn at
 * `translateX(-offset)`). It starts at 0. Previous moves the strip right by 300px and Next left by
 * 300px, never past 0 nor past the point where the last award is fully visible, and each button is
 * disabled at its bound. The bounds depend on the widths, so they are recomputed on resize.
 */

/** Distance in CSS px one press of Previous/Next moves the strip. */
export const STEP_PX = 300;

/**
 * Largest allowed offset: the strip's overflow beyond the viewport, or 0 if it fits.
 *
 * @param stripWidth full scroll width of the strip in px.
 * @param viewportWidth visible width of the carousel window in px.
 */
export function maxOffset(stripWidth: number, viewportWidth: number): number {
  return Math.max(0, stripWidth - viewportWidth);
}

/**
 * Offset after moving by `step` px, clamped to [0, maxOffset].
 *
 * @param offset current offset in px (≥ 0).
 * @param step signed move in px: `+STEP_PX` for Next, `-STEP_PX` for Previous, 0 to re-clamp
 *   after a resize.
 * @param stripWidth full width of the strip in px.
 * @param viewportWidth visible width in px.
 */
export function clampOffset(
  offset: number,
  step: number,
  stripWidth: number,
  viewportWidth: number,
): number {
  return Math.min(Math.max(offset + step, 0), maxOffset(stripWidth, viewportWidth));
}

/** Whether Previous is disabled: the strip is at its start. */
export function isPreviousDisabled(offset: number): boolean {
  return offset <= 0;
}

/** Whether Next is disabled: the last award is fully visible. */
export function isNextDisabled(offset: number, stripWidth: number, viewportWidth: number): boolean {
  return offset >= maxOffset(stripWidth, viewportWidth);
}
