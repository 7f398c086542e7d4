/** Awards carousel rules (docs/product.md#awards-carousel); the offset is CSS px moved left. */

/** CSS px. */
export const STEP_PX = 300;

/** px, or 0 if it fits. */
export function maxOffset(stripWidth: number, viewportWidth: number): number {
  return Math.max(0, stripWidth - viewportWidth);
}

/** The offset after a move of `step` px (negative: Previous; 0: re-clamp after a resize). */
export function clampOffset(
  offset: number,
  step: number,
  stripWidth: number,
  viewportWidth: number,
): number {
  return Math.min(Math.max(offset + step, 0), maxOffset(stripWidth, viewportWidth));
}

export function isPreviousDisabled(offset: number): boolean {
  return offset <= 0;
}

export function isNextDisabled(offset: number, stripWidth: number, viewportWidth: number): boolean {
  return offset >= maxOffset(stripWidth, viewportWidth);
}
