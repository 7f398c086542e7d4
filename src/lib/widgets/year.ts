/**
 * The footer's copyright year (docs/product.md#footer): the year itself, and bringing the server's
 * footer up to date in the browser (the footer is drawn by the server only, decision 017).
 *
 * Its own module, not part of `motion.ts`: the root layout in every page's entry script imports
 * it, and a module that other widgets share would be pulled into that entry or split out as a
 * shared chunk.
 */

/**
 * The calendar year for the copyright line, in the visitor's local time (so a page built in
 * December still says the new year on 1 January).
 */
export function copyrightYear(now: Date = new Date()): number {
  return now.getFullYear();
}

/**
 * Writes the visitor's {@link copyrightYear} into every `[data-year]` element under `root` whose
 * text differs: the footer is drawn by the server and never re-rendered in the browser
 * (decision 015), so its year is brought up to date in place.
 */
export function showCopyrightYear(root: ParentNode, now: Date = new Date()): void {
  const year = String(copyrightYear(now));
  for (const element of root.querySelectorAll('[data-year]')) {
    if (element.textContent !== year) element.textContent = year;
  }
}
