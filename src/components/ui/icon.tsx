/** https://lucide.dev/guide/packages/lucide; `aria-hidden`: the text beside carries the meaning. */
import { createElement } from 'react';
import type { IconNode } from 'lucide';

export interface IconProps {
  icon: IconNode;
  /** CSS px (default 24, the icons' grid). */
  size?: number;
  /** In the 24-unit grid. */
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
