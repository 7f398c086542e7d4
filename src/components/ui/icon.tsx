/**
 * A decorative Lucide icon (https://lucide.dev/guide/packages/lucide), drawn from the icon's
 * published node list (`import { ArrowRight } from 'lucide'`). Every icon on the site is
 * decorative (`aria-hidden`): the text beside it carries the meaning.
 */
import { createElement } from 'react';
import type { IconNode } from 'lucide';

export interface IconProps {
  icon: IconNode;
  /** Width and height, CSS px (default 24, the grid the icons are drawn on). */
  size?: number;
  /** Stroke width in the icon's 24-unit grid (default 2, Lucide's). */
  strokeWidth?: number;
  className?: string;
}

export function Icon({ icon, size = 24, strokeWidth = 2, className }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      {icon.map(([tag, attributes], i) => createElement(tag, { key: i, ...attributes }))}
    </svg>
  );
}
