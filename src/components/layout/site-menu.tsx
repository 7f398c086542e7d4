/** A popover below 768px, a row from 768px (docs/product.md#header). */
import type { Ref } from 'react';
import { isCurrentPath } from '../../lib/widgets/header.ts';
import { site } from '../../site.config.ts';
import { SmartLink } from '../ui/links.tsx';
import { SocialLinks } from '../widgets/social-links.tsx';

export function SiteMenu({
  ref,
  id,
  pathname,
  onLinkChosen,
}: {
  ref: Ref<HTMLDivElement>;
  id: string;
  pathname: string;
  onLinkChosen: () => void;
}) {
  return (
    // Links fire this click for mouse, touch and keyboard alike.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      ref={ref}
      id={id}
      className="menu"
      popover="manual"
      onClick={(event) => {
        // In-page links close it too, though nothing navigates.
        if (event.target instanceof Element && event.target.closest('a')) onLinkChosen();
      }}
    >
      <nav aria-label="Main">
        <ul className="nav-list" role="list">
          {site.nav.map((item) => (
            <li key={item.href}>
              <SmartLink
                href={item.href}
                className="nav-link"
                aria-current={isCurrentPath(item.href, pathname) ? 'page' : undefined}
              >
                {item.label}
              </SmartLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="extras">
        <SocialLinks />
        <SmartLink href="/contact" className="cta">
          Contact Us
        </SmartLink>
      </div>
    </div>
  );
}
