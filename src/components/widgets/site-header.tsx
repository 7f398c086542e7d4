/**
 * The fixed site header (docs/product.md#header, docs/product.md#mobile-menu).
 *
 * One markup for every width: below 768px the menu (nav, social links, Contact Us) collapses
 * behind a disclosure button (`aria-expanded`, `aria-controls`); from 768px CSS lays the same
 * menu out inline. State is exposed as attributes the CSS in `widgets.css` styles from:
 * - `data-scrolled` when `window.scrollY > 50` (white background and bottom border);
 * - `data-open` while the mobile menu is open;
 * - `data-tone="dark"` on the black contact page (light text while transparent).
 * The menu closes on Escape (focus returns to the button), when a link is chosen, on navigation
 * and when the viewport widens past the breakpoint. Without JavaScript the toggle is hidden and
 * the menu stays visible as a second row (`@media (scripting: none)`).
 */
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isCurrentPath, isScrolled, menuToggleLabel } from '../../lib/widgets/header.ts';
import { MOBILE_BREAKPOINT_PX } from '../../lib/widgets/header.ts';
import { site } from '../../site.config.ts';
import { SocialLinks } from './social-links.tsx';

export function SiteHeader({ tone }: { tone: 'light' | 'dark' }) {
  const { pathname } = useLocation();
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(isScrolled(window.scrollY));
    onScroll();
    addEventListener('scroll', onScroll, { passive: true });
    return () => removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    const wide = matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onWide = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', onWide);
    return () => wide.removeEventListener('change', onWide);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // A tooltip that consumed this Escape calls preventDefault; the menu then stays open.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  // A navigation closes the menu (adjusting state during render, not in an effect).
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }

  return (
    <div
      className="site-header fixed inset-x-0 top-0 z-40 block"
      data-tone={tone}
      data-scrolled={scrolled ? '' : undefined}
      data-open={open ? '' : undefined}
    >
      <header className="bar">
        <div className="mx-auto flex max-w-site flex-wrap items-center justify-between gap-x-4 px-4 sm:px-6 lg:gap-x-6 lg:px-8">
          <Link
            to="/"
            className="flex min-h-16 items-center font-display text-lg font-semibold tracking-tight lg:text-xl"
          >
            {site.name}
          </Link>
          <button
            ref={toggle}
            type="button"
            className="toggle -mr-2 size-11 items-center justify-center rounded-full"
            aria-expanded={open}
            aria-controls="site-menu"
            onClick={() => setOpen((o) => !o)}
          >
            <Menu className="icon-open" size={24} aria-hidden="true" />
            <X className="icon-close" size={24} aria-hidden="true" />
            <span className="sr-only">{menuToggleLabel(open)}</span>
          </button>
          {/* A delegated click: links inside fire it for mouse, touch and keyboard alike. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
          <div
            id="site-menu"
            className="menu"
            onClick={(event) => {
              // Choosing a link closes the menu (also in-page links, where nothing navigates).
              if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
            }}
          >
            <nav aria-label="Main">
              <ul className="nav-list" role="list">
                {site.nav.map((item) => (
                  <li key={item.href}>
                    <Link
                      to={item.href}
                      className="nav-link"
                      aria-current={isCurrentPath(item.href, pathname) ? 'page' : undefined}
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="extras">
              <SocialLinks />
              <Link to="/contact" className="cta">
                Contact Us
              </Link>
            </div>
          </div>
        </div>
      </header>
    </div>
  );
}
