/**
 * The fixed site header (docs/product.md#header, docs/product.md#mobile-menu).
 *
 * One markup for every width: below 768px the menu (nav, social links, Contact Us) collapses
 * behind a disclosure button (`aria-controls`; its expanded state is the browser's, derived from the
 * popover — https://w3c.github.io/html-aam/#att-popovertarget — so it is right before hydration
 * too, and HTML forbids an `aria-expanded` beside `popovertarget`); from 768px CSS lays the same
 * menu out inline. The menu is a manual popover (`popover="manual"`, the button's
 * `popovertarget`; https://html.spec.whatwg.org/multipage/popover.html), so the button opens and
 * closes it from the first paint, before any script has loaded (decision 011); once hydrated,
 * React follows the popover's `toggle` events and adds the rest. State is exposed as attributes
 * the CSS in `widgets.css` styles from:
 * - `data-scrolled` when `window.scrollY > 50` (white background and bottom border);
 * - `data-open` while the mobile menu is open (also `:popover-open` before hydration);
 * - `data-tone="dark"` on the black contact page (light text while transparent).
 * The menu closes on Escape (focus returns to the button), when a link is chosen, on navigation
 * and when the viewport widens past the breakpoint. Without JavaScript the toggle is hidden and
 * the menu stays visible as a second row (`@media (scripting: none)`).
 */
import { Menu as menuIcon, X as xIcon } from 'lucide';
import { Icon } from '../ui/icon.tsx';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { isScrolled, menuToggleLabel, MOBILE_BREAKPOINT_PX } from '../../lib/widgets/header.ts';
import { site } from '../../site.config.ts';
import { SiteMenu } from './site-menu.tsx';
import { Container } from '../ui/section.tsx';

/** `id` of the menu the toggle controls. */
const MENU_ID = 'site-menu';

export function SiteHeader({ tone }: { tone: 'light' | 'dark' }) {
  const { pathname } = useLocation();
  const scrolled = useScrolled();
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const open = useMenuOpen(menu);
  useMenuDismissal(menu, toggle, open, pathname);

  return (
    <div
      className="site-header fixed inset-x-0 top-0 z-40 block"
      data-tone={tone}
      data-scrolled={scrolled ? '' : undefined}
      data-open={open ? '' : undefined}
    >
      <header className="bar">
        <Container className="flex flex-wrap items-center justify-between gap-x-4 lg:gap-x-6">
          <Link
            to="/"
            className="flex min-h-16 items-center font-display text-lg tracking-tight lg:text-xl"
          >
            {site.name}
          </Link>
          <button
            ref={toggle}
            type="button"
            className="toggle -mr-2 size-11 items-center justify-center rounded-full"
            aria-controls={MENU_ID}
            popoverTarget={MENU_ID}
          >
            <Icon icon={menuIcon} className="icon-open" size={24} />
            <Icon icon={xIcon} className="icon-close" size={24} />
            <span className="sr-only">{menuToggleLabel(open)}</span>
          </button>
          <SiteMenu
            ref={menu}
            id={MENU_ID}
            pathname={pathname}
            onLinkChosen={() => closeMenu(menu.current)}
          />
        </Container>
      </header>
    </div>
  );
}

/**
 * Whether the page is scrolled more than `SCROLL_THRESHOLD_PX` (50px;
 * `isScrolled(window.scrollY)`), kept current by a passive `scroll` listener. `false` on the
 * server and in the hydration render, so the first client render matches the server's HTML.
 */
function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(isScrolled(window.scrollY));
    onScroll();
    addEventListener('scroll', onScroll, { passive: true });
    return () => removeEventListener('scroll', onScroll);
  }, []);
  return scrolled;
}

/**
 * Whether the menu popover is open, read from the popover itself (`:popover-open`, then its
 * `toggle` events): it is the source of truth, since the button may have opened it before
 * hydration. `false` on the server and in the hydration render.
 */
function useMenuOpen(menu: RefObject<HTMLDivElement | null>): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    const sync = () => setOpen(element.matches(':popover-open'));
    sync();
    element.addEventListener('toggle', sync);
    return () => element.removeEventListener('toggle', sync);
  }, [menu]);
  return open;
}

/**
 * The ways the open menu closes besides its button: the viewport widening to
 * `MOBILE_BREAKPOINT_PX` (768px) or more, Escape while `open` (focus returns to `toggle`, unless
 * a tooltip already consumed the key), and a navigation to another `pathname` (not the first
 * render: the menu may have been opened before hydration).
 */
function useMenuDismissal(
  menu: RefObject<HTMLDivElement | null>,
  toggle: RefObject<HTMLButtonElement | null>,
  open: boolean,
  pathname: string,
): void {
  useEffect(() => {
    const wide = matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onWide = () => {
      if (wide.matches) closeMenu(menu.current);
    };
    wide.addEventListener('change', onWide);
    return () => wide.removeEventListener('change', onWide);
  }, [menu]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // A tooltip that consumed this Escape calls preventDefault; the menu then stays open.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      closeMenu(menu.current);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, menu, toggle]);

  // A navigation closes the menu (not the first render: it may have been opened before).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeMenu(menu.current);
  }, [pathname, menu]);
}

/** Hides the menu popover if it is open (no-op where popovers are unsupported). */
function closeMenu(element: HTMLElement | null): void {
  if (element?.matches(':popover-open')) element.hidePopover();
}
