/** The copyright line's year (docs/product.md#footer). */

/** The local calendar year of `now` (correct on 1 January). */
export function copyrightYear(now: Date = new Date()): number {
  return now.getFullYear();
}
