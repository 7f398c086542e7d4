/** The copyright line's year: the local calendar year (docs/product.md#footer). */
export function copyrightYear(now: Date = new Date()): number {
  return now.getFullYear();
}
