/** A manual popover menu, working before any script (docs/product.md#header). */
import { Menu as menuIcon, X as xIcon } from 'lucide';
import { Icon } from '../ui/icon.tsx';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { isScrolled, menuToggleLabel, MOBILE_BREAKPOINT_PX } from '../../lib/widgets/header.ts';
import { site } from '../../site.config.ts';
import { SiteMenu } from './site-menu.tsx';
import { Container } from '../ui/section.tsx';

const MENU_ID = 'site-menu';

/**
 * `notice`: a line fixed above the bar (a preview's); `solid`: the white bar from the top, for a
 * page that never hydrates, where no script turns it white on scroll.
 */
export function SiteHeader({
  tone,
  solid = false,
  notice,
}: {
  tone: 'light' | 'dark';
  solid?: boolean;
  notice?: ReactNode;
}) {
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
      data-solid={solid ? '' : undefined}
      data-open={open ? '' : undefined}
    >
      {notice}
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

/** `false` until hydrated, as on the server. */
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

/** Read from the popover, which may have opened before hydration. */
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

/** A wide viewport, Escape, a navigation. */
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
      // A tooltip that consumed this Escape called preventDefault.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      closeMenu(menu.current);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, menu, toggle]);

  // Not on the first render: the menu may have been opened before hydration.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeMenu(menu.current);
  }, [pathname, menu]);
}

function closeMenu(element: HTMLElement | null): void {
  if (element?.matches(':popover-open')) element.hidePopover();
}
