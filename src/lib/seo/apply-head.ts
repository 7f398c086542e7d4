/**
 * The browser's side of the page metadata (decision 020): after a client-side navigation, the
 * live `<head>` gets the next page's elements (`pageHead`), or only the error page's title.
 * `src/entry-client.tsx` loads this module the first time a visitor navigates.
 */
import type { RouteId } from '../../pages.ts';
import { errorPageTitle } from './error-title.ts';
import { PAGE_HEAD_SELECTOR, pageHead, type HeadElement } from './page-head.ts';

/**
 * Replaces every element {@link PAGE_HEAD_SELECTOR} matches in `doc` (the server's or an earlier
 * navigation's) with the metadata of page `id` at `pathname`, appended to `<head>`.
 *
 * @param id the page's route id, or undefined for the error page (its title only)
 * @param pathname the page's path, e.g. `/about`
 * @param origin the canonical origin (`SITE_URL`, from the root loader's data)
 */
export function applyPageHead(
  doc: Document,
  id: RouteId | undefined,
  pathname: string,
  origin: string,
): void {
  const elements: HeadElement[] = id
    ? pageHead(id, pathname, origin)
    : [{ tag: 'title', attributes: {}, text: errorPageTitle() }];
  for (const old of doc.querySelectorAll(PAGE_HEAD_SELECTOR)) old.remove();
  doc.head.append(
    ...elements.map(({ tag, attributes, text }) => {
      const element = doc.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      if (text !== undefined) element.textContent = text;
      return element;
    }),
  );
}
