/**
 * Rules of the fixed site header (docs/product.md#header, docs/product.md#mobile-menu).
 *
 * Pure: no DOM access, so the thresholds are unit-tested in isolation and the `<sv-header>`
 * element only wires them to scroll and key events.
 */

/** Scroll distance in CSS px beyond which the header turns opaque (docs/product.md#header: "more than 50 px"). */
export const SCROLL_THRESHOLD_PX = 50;

/** Viewport width in CSS px from which the nav is inline instead of behind the menu toggle. */
export const MOBILE_BREAKPOINT_PX = 768;

/**
 * Whether the header is in its "scrolled" (white background + bottom border) state.
 *
 * @param scrollY vertical scroll offset of the page in CSS px (`window.scrollY`); negative values
 *   (overscroll bounce on touch devices) count as the top of the page.
 * @returns `true` only when `scrollY` is strictly greater than 50px; exactly 50px is still
 *   transparent.
 */
export function isScrolled(scrollY: number): boolean {
  return scrollY > SCROLL_THRESHOLD_PX;
}

/**
 * Accessible name of the menu toggle for a given disclosure state.
 *
 * @param expanded whether the menu is currently open (`aria-expanded="true"`).
 * @returns "Close menu" when open, "Open menu" when closed.
 */
export function menuToggleLabel(expanded: boolean): 'Open menu' | 'Close menu' {
  return expanded ? 'Close menu' : 'Open menu';
}

/**
 * Whether a nav link is the current page's link (`aria-current="page"`).
 *
 * Trailing slashes and `.html` suffixes are ignored: a visitor may type either form.
 *
 * @param href the link's site-relative path, e.g. `/about`.
 * @param currentPath the requested path, e.g. react-router's `useLocation().pathname`.
 */
export function isCurrentPath(href: string, currentPath: string): boolean {
  const normalise = (p: string): string => {
    const stripped = p.replace(/\.html$/, '').replace(/\/+$/, '');
    return stripped === '' || stripped === '/index' ? '/' : stripped;
  };
  return normalise(href) === normalise(currentPath);
}
