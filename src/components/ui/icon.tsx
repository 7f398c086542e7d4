/**
 * A Lucide icon drawn from its published node list (https://lucide.dev/guide/packages/lucide).
 * Always `aria-hidden`: the text beside it carries the meaning.
 */
import { createElement } from 'react';
import type { IconNode } from 'lucide';

export interface IconProps {
  icon: IconNode;
  /** Width and height, CSS px (default 24, the grid the icons are drawn on). */
  size?: number;
  /** Stroke width in the icon's 24-unit grid (default 2). */
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
