/**
 * The footer's copyright year (docs/product.md#footer).
 *
 * Its own module, not part of `motion.ts`: the footer's script is on every page, and importing a
 * module that other widgets share makes the bundler emit a shared chunk, so the script could no
 * longer be inlined and every page would fetch two small files before it settles.
 */

/**
 * The calendar year for the copyright line, in the visitor's local time (so a page built in
 * December still says the new year on 1 January).
 */
export function copyrightYear(now: Date = new Date()): number {
  return now.getFullYear();
}
