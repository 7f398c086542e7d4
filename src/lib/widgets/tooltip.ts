/** Tooltip timing (docs/product.md#tooltips), DOM-free on injected timers. */

/** ms. */
export const OPEN_DELAY_MS = 700;
/** ms after one closes within which another opens at once. */
export const SKIP_DELAY_MS = 300;

export interface TooltipHandle {
  open(): void;
  close(): void;
}

/** ms. */
export interface TooltipClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  now(): number;
}

export interface TooltipGroup {
  request(t: TooltipHandle): void;
  release(t: TooltipHandle): void;
  /** Escape: closes without arming the skip delay. */
  dismiss(): void;
  readonly current: TooltipHandle | null;
}

const defaultClock: TooltipClock = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
  now: () => Date.now(),
};

export function createTooltipGroup(
  clock: TooltipClock = defaultClock,
  openDelay = OPEN_DELAY_MS,
  skipDelay = SKIP_DELAY_MS,
): TooltipGroup {
  let current: TooltipHandle | null = null;
  let pending: { target: TooltipHandle; timer: unknown } | null = null;
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
