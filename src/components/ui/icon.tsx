/**
 * A decorative lucide icon (https://lucide.dev), drawn from the icon's data as lucide publishes it
 * (`import { __iconData } from 'lucide-react/icons/<name>'`).
 *
 * lucide-react's own components carry about 1 KB of brotli of generic machinery (context,
 * aliases, accessibility detection, stroke scaling) into the entry chunk every page loads; the
 * site uses none of it, so this component draws the same markup from the same data
 * (docs/decisions/017-home-javascript-budget.md). Every icon here is decorative
 * (`aria-hidden="true"`): the text beside it carries the meaning.
 */
import { createElement } from 'react';
import type { LucideIconData } from 'lucide-react';
import { cx } from './cx.ts';

export interface IconProps {
  /** The icon's data: `__iconData` of `lucide-react/icons/<name>`. */
  icon: LucideIconData;
  /** Width and height in CSS px (default 24, the grid the icons are drawn on). */
  size?: number;
  /** Stroke width in the icon's 24-unit grid (default 2, lucide's). */
  strokeWidth?: number;
  className?: string;
}

/** `<svg class="lucide lucide-<name> …" aria-hidden="true">` with the icon's shapes. */
export function Icon({ icon, size = 24, strokeWidth = 2, className }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cx('lucide', `lucide-${icon.name}`, className)}
      aria-hidden="true"
    >
      {icon.node.map(([tag, attributes]) => createElement(tag, attributes))}
    </svg>
  );
}
