/** Summaries for benches that repeat a measurement: medians and spreads, as printed. */

/** `n` with `digits` decimals; `n/a` when not a number. */
export function fmt(n: number, digits = 0): string {
  return Number.isFinite(n) ? n.toFixed(digits) : 'n/a';
}

/** The upper median of `xs`; NaN when empty. */
export const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** `median (min–max)` of `xs`. */
export function spread(xs: readonly number[], digits = 0): string {
  return `${fmt(median(xs), digits)} (${fmt(Math.min(...xs), digits)}–${fmt(Math.max(...xs), digits)})`;
}
