/**
 * Tooltip timing rules (docs/product.md#tooltips).
 *
 * A tooltip opens 700 ms after its trigger is hovered or focused. Once one tooltip has been open,
 * another opens at once when the pointer or focus reaches it within 300 ms of the previous one
 * closing (the "skip delay", as in Radix/WAI tooltip practice). Escape closes the open tooltip.
 *
 * All tooltips on a page share one group so the skip delay works across them. The group is a small
 * state machine over injected timer functions; it never touches the DOM, so it is tested with fake
 * timers.
 */

/** Hover/focus time in ms before a tooltip opens. */
export const OPEN_DELAY_MS = 700;
/** Window in ms after a tooltip closes during which another opens without delay. */
export const SKIP_DELAY_MS = 300;

/** What the group needs from one tooltip: show or hide it. */
export interface TooltipHandle {
  open(): void;
  close(): void;
}

/** Timer and clock functions; defaults are the globals (replaced by fake timers in tests). */
export interface TooltipClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  now(): number;
}

export interface TooltipGroup {
  /** The trigger of `t` was hovered or focused: open it after the delay (or at once, see above). */
  request(t: TooltipHandle): void;
  /** The trigger of `t` lost hover and focus: cancel a pending open, close it if open. */
  release(t: TooltipHandle): void;
  /** Escape: close the open tooltip at once; it does not arm the skip delay. */
  dismiss(): void;
  /** The tooltip currently open, if any. */
  readonly current: TooltipHandle | null;
}

const defaultClock: TooltipClock = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
  now: () => Date.now(),
};

/**
 * Create a tooltip group.
 *
 * @param clock timer functions (ms); defaults to `setTimeout`/`clearTimeout`/`Date.now`.
 * @param openDelay open delay in ms (default 700).
 * @param skipDelay skip delay in ms (default 300).
 */
export function createTooltipGroup(
  clock: TooltipClock = defaultClock,
  openDelay = OPEN_DELAY_MS,
  skipDelay = SKIP_DELAY_MS,
): TooltipGroup {
  let current: TooltipHandle | null = null;
  let pending: { target: TooltipHandle; timer: unknown } | null = null;
  // -Infinity: no tooltip has closed yet, so the first one always waits for the open delay.
  let lastClosedAt = Number.NEGATIVE_INFINITY;

  const cancelPending = (): void => {
    if (pending) clock.clearTimeout(pending.timer);
    pending = null;
  };
  const show = (t: TooltipHandle): void => {
    cancelPending();
    if (current && current !== t) current.close();
    current = t;
    t.open();
  };

  return {
    get current() {
      return current;
    },
    request(t) {
      if (current === t) return;
      if (pending?.target === t) return;
      cancelPending();
      // Moving straight from an open tooltip to another, or arriving within the skip window,
      // opens at once: the visitor is already reading tooltips.
      if (current || clock.now() - lastClosedAt < skipDelay) {
        show(t);
        return;
      }
      pending = { target: t, timer: clock.setTimeout(() => show(t), openDelay) };
    },
    release(t) {
      if (pending?.target === t) cancelPending();
      if (current === t) {
        current = null;
        lastClosedAt = clock.now();
        t.close();
      }
    },
    dismiss() {
      cancelPending();
      if (current) {
        const t = current;
        current = null;
        lastClosedAt = Number.NEGATIVE_INFINITY;
        t.close();
      }
    },
  };
}
