/** Rules of the site header (docs/product.md#header, docs/product.md#mobile-menu), DOM-free. */

/** CSS px beyond which the header turns white. */
export const SCROLL_THRESHOLD_PX = 50;

/** CSS px from which the menu is inline. */
export const MOBILE_BREAKPOINT_PX = 768;

/** @param scrollY `window.scrollY` in CSS px (negative while overscrolling: the top) */
export function isScrolled(scrollY: number): boolean {
  return scrollY > SCROLL_THRESHOLD_PX;
}

export function menuToggleLabel(expanded: boolean): 'Open menu' | 'Close menu' {
  return expanded ? 'Close menu' : 'Open menu';
}

/** Ignoring trailing slashes and `.html`. */
export function isCurrentPath(href: string, currentPath: string): boolean {
  const normalise = (p: string): string => {
    const stripped = p.replace(/\.html$/, '').replace(/\/+$/, '');
    return stripped === '' || stripped === '/index' ? '/' : stripped;
  };
  return normalise(href) === normalise(currentPath);
}
