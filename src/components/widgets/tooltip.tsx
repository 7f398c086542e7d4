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
 * DOM: `<span class="tooltip" [data-open]>` › control + `<span role="tooltip" id>`. The component
 * draws it; {@link bindTooltips}, called once by `src/entry-client.tsx`, makes it behave.
 */
import { useId, type ReactNode } from 'react';
import {
  createTooltipGroup,
  type TooltipGroup,
  type TooltipHandle,
} from '../../lib/widgets/tooltip.ts';

export interface TooltipProps {
  /** Text of the bubble, normally the control's accessible name (e.g. "LinkedIn"). */
  label: string;
  /** Renders the control, given the id to put in its `aria-describedby`. */
  children: (describedById: string) => ReactNode;
}

/** The markup; {@link bindTooltips} gives it its behaviour. */
export function Tooltip({ label, children }: TooltipProps) {
  const id = useId();
  return (
    <span className="tooltip relative inline-flex">
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

/** The `.tooltip` element `target` is in, if any. */
function tooltipOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest('.tooltip') : null;
}

/**
 * Gives every tooltip in `doc`, present or future, its behaviour, through listeners on the
 * document: hover (not touch) or focus inside a `.tooltip` asks `group` to open it, leaving both
 * releases it, Escape (capture phase, so the header's own Escape handler sees `defaultPrevented`
 * and keeps the mobile menu open) dismisses the open one. Open is the `data-open` attribute,
 * which React never renders, so re-renders leave it alone. Delegation rather than handlers on
 * each tooltip: the footer and other static parts are never hydrated (decision 015), and their
 * tooltips work all the same, from the moment the entry runs.
 *
 * @param group the page's group (timing: `src/lib/widgets/tooltip.ts`); one per page
 */
export function bindTooltips(doc: Document, group: TooltipGroup = createTooltipGroup()): void {
  const states = new WeakMap<
    Element,
    { hovered: boolean; focused: boolean; handle: TooltipHandle }
  >();
  const update = (tooltip: Element, change: { hovered?: boolean; focused?: boolean }) => {
    let state = states.get(tooltip);
    if (!state) {
      state = {
        hovered: false,
        focused: false,
        handle: {
          open: () => tooltip.setAttribute('data-open', ''),
          close: () => tooltip.removeAttribute('data-open'),
        },
      };
      states.set(tooltip, state);
    }
    Object.assign(state, change);
    if (state.hovered || state.focused) group.request(state.handle);
    else group.release(state.handle);
  };
  /** The tooltip an event left, unless it moved to another node inside it. */
  const left = (event: PointerEvent | FocusEvent) => {
    const tooltip = tooltipOf(event.target);
    const to = event.relatedTarget;
    return tooltip && !(to instanceof Node && tooltip.contains(to)) ? tooltip : null;
  };
  doc.addEventListener('pointerover', (event) => {
    const tooltip = tooltipOf(event.target);
    if (tooltip && event.pointerType !== 'touch') update(tooltip, { hovered: true });
  });
  doc.addEventListener('pointerout', (event) => {
    const tooltip = left(event);
    if (tooltip) update(tooltip, { hovered: false });
  });
  doc.addEventListener('focusin', (event) => {
    const tooltip = tooltipOf(event.target);
    if (tooltip) update(tooltip, { focused: true });
  });
  doc.addEventListener('focusout', (event) => {
    const tooltip = left(event);
    if (tooltip) update(tooltip, { focused: false });
  });
  doc.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !group.current) return;
      group.dismiss();
      event.preventDefault();
    },
    true,
  );
}
