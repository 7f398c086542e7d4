/**
 * Tooltip for an icon-only control (docs/product.md#tooltips; https://www.w3.org/WAI/ARIA/apg/patterns/tooltip/).
 *
 * The control (rendered by `children(describedById)`) keeps its own accessible name; the tooltip
 * repeats it visually and describes the control through `aria-describedby`. It opens after
 * 700 ms of hover or focus, at once within the 300 ms skip delay of another closing (the page-wide
 * group of `src/lib/widgets/tooltip.ts`), and Escape closes it. Touch never opens it. Without
 * JavaScript the bubble stays hidden and the control keeps its name.
 */
import { useEffect, useId, useMemo, useState, type FocusEvent, type ReactNode } from 'react';
import { createTooltipGroup, type TooltipHandle } from '../../lib/widgets/tooltip.ts';

export interface TooltipProps {
  /** Text of the bubble, normally the control's accessible name (e.g. "LinkedIn"). */
  label: string;
  /** Renders the control, given the id to put in its `aria-describedby`. */
  children: (describedById: string) => ReactNode;
}

/** One group per page: the open and skip delays are shared by every tooltip. */
const group = createTooltipGroup();

export function Tooltip({ label, children }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const handle = useMemo<TooltipHandle>(
    () => ({ open: () => setOpen(true), close: () => setOpen(false) }),
    [],
  );

  useEffect(() => {
    if (hovered || focused) group.request(handle);
    else group.release(handle);
  }, [hovered, focused, handle]);
  useEffect(() => () => group.release(handle), [handle]);

  useEffect(() => {
    if (!open) return;
    // Capture phase: the mobile menu's own Escape handler then sees `defaultPrevented` and stays open.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      group.dismiss();
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open]);

  const onBlur = (event: FocusEvent<HTMLSpanElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
      setFocused(false);
  };

  return (
    <span
      className="tooltip relative inline-flex"
      data-open={open ? '' : undefined}
      onPointerEnter={(event) => event.pointerType !== 'touch' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
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
