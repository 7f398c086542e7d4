/**
 * Tooltip for an icon-only control (docs/product.md#tooltips).
 *
 * The control (rendered by `children(describedById)`) keeps its own accessible name; the tooltip
 * repeats it visually for sighted mouse and keyboard users and describes the control through
 * `aria-describedby`. It opens after 700 ms of hover or focus, at once within the 300 ms skip
 * delay of another closing, and Escape closes it — the timing lives in the page-wide group of
 * `src/lib/widgets/tooltip.ts`. Touch taps never open it. Without JavaScript the bubble stays
 * hidden and the control keeps its name.
 *
 * DOM: `<span class="tooltip" [data-open]>` › control + `<span role="tooltip" id>`.
 */
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { createTooltipGroup, type TooltipHandle } from '../../lib/widgets/tooltip.ts';

/** One group per page, so the skip delay applies across all tooltips. */
const group = createTooltipGroup();

export interface TooltipProps {
  /** Text of the bubble, normally the control's accessible name (e.g. "LinkedIn"). */
  label: string;
  /** Renders the control, given the id to put in its `aria-describedby`. */
  children: (describedById: string) => ReactNode;
}

export function Tooltip({ label, children }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const handle = useMemo<TooltipHandle>(
    () => ({ open: () => setOpen(true), close: () => setOpen(false) }),
    [],
  );
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (hovered || focused) group.request(handle);
    else group.release(handle);
  }, [hovered, focused, handle]);

  useEffect(() => () => group.release(handle), [handle]);

  useEffect(() => {
    if (!open) return;
    // Capture phase: runs before the header's Escape handler, which then sees defaultPrevented
    // and keeps the mobile menu open (this Escape only dismissed the tooltip).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      group.dismiss();
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open]);

  return (
    <span
      className="tooltip relative inline-flex"
      data-open={open ? '' : undefined}
      onPointerEnter={(e) => {
        if (e.pointerType !== 'touch') setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      {children(id)}
      <span
        role="tooltip"
        id={id}
        className="pointer-events-none absolute top-full left-1/2 z-50 -translate-x-1/2 pt-1.5 whitespace-nowrap"
      >
        <span className="block rounded-sm border border-stone-500 bg-ink px-2 py-1 font-sans text-xs font-medium text-paper shadow-md">
          {label}
        </span>
      </span>
    </span>
  );
}
