/** https://www.w3.org/WAI/ARIA/apg/patterns/tooltip/; the control keeps its accessible name. */
import { useEffect, useId, useMemo, useState, type FocusEvent, type ReactNode } from 'react';
import { createTooltipGroup, type TooltipHandle } from '../../lib/widgets/tooltip.ts';

export interface TooltipProps {
  label: string;
  /** Given the id for its `aria-describedby`. */
  children: (describedById: string) => ReactNode;
}

/** One group per page, so the skip delay works across tooltips. */
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
    // Capture phase, so the menu's Escape handler sees `defaultPrevented`.
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
