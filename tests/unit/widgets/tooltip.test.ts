import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createTooltipGroup,
  OPEN_DELAY_MS,
  SKIP_DELAY_MS,
  type TooltipHandle,
} from '../../../src/lib/widgets/tooltip.ts';

function handle(): TooltipHandle & { isOpen: boolean } {
  const h = {
    isOpen: false,
    open: vi.fn(() => {
      h.isOpen = true;
    }),
    close: vi.fn(() => {
      h.isOpen = false;
    }),
  };
  return h;
}

describe('tooltip group (700 ms open delay, 300 ms skip delay, Escape closes)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the spec constants', () => {
    expect(OPEN_DELAY_MS).toBe(700);
    expect(SKIP_DELAY_MS).toBe(300);
  });

  it('opens only after 700 ms of hover/focus', () => {
    const group = createTooltipGroup();
    const a = handle();
    group.request(a);
    vi.advanceTimersByTime(699);
    expect(a.isOpen).toBe(false);
    vi.advanceTimersByTime(1);
    expect(a.isOpen).toBe(true);
    expect(group.current).toBe(a);
  });

  it('does not open when released before the delay', () => {
    const group = createTooltipGroup();
    const a = handle();
    group.request(a);
    vi.advanceTimersByTime(500);
    group.release(a);
    vi.advanceTimersByTime(1000);
    expect(a.open).not.toHaveBeenCalled();
  });

  it('repeated requests do not restart the delay', () => {
    const group = createTooltipGroup();
    const a = handle();
    group.request(a);
    vi.advanceTimersByTime(400);
    group.request(a); // e.g. focus arrives while already hovered
    vi.advanceTimersByTime(300);
    expect(a.isOpen).toBe(true);
  });

  it('opens another at once within 300 ms of the previous closing (skip delay)', () => {
    const group = createTooltipGroup();
    const a = handle();
    const b = handle();
    group.request(a);
    vi.advanceTimersByTime(700);
    group.release(a);
    expect(a.isOpen).toBe(false);
    vi.advanceTimersByTime(299);
    group.request(b);
    expect(b.isOpen).toBe(true);
  });

  it('waits the full delay again once the skip window has passed', () => {
    const group = createTooltipGroup();
    const a = handle();
    const b = handle();
    group.request(a);
    vi.advanceTimersByTime(700);
    group.release(a);
    vi.advanceTimersByTime(300);
    group.request(b);
    expect(b.isOpen).toBe(false);
    vi.advanceTimersByTime(699);
    expect(b.isOpen).toBe(false);
    vi.advanceTimersByTime(1);
    expect(b.isOpen).toBe(true);
  });

  it('moving directly from an open tooltip to another swaps them at once; only one is open', () => {
    const group = createTooltipGroup();
    const a = handle();
    const b = handle();
    group.request(a);
    vi.advanceTimersByTime(700);
    group.request(b);
    expect(a.isOpen).toBe(false);
    expect(b.isOpen).toBe(true);
    expect(group.current).toBe(b);
  });

  it('a pending open of one tooltip is cancelled when another is requested', () => {
    const group = createTooltipGroup();
    const a = handle();
    const b = handle();
    group.request(a);
    vi.advanceTimersByTime(500);
    group.request(b);
    vi.advanceTimersByTime(200);
    expect(a.open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(b.isOpen).toBe(true);
  });

  it('Escape (dismiss) closes the open tooltip and does not arm the skip delay', () => {
    const group = createTooltipGroup();
    const a = handle();
    const b = handle();
    group.request(a);
    vi.advanceTimersByTime(700);
    group.dismiss();
    expect(a.isOpen).toBe(false);
    expect(group.current).toBeNull();
    group.request(b);
    expect(b.isOpen).toBe(false);
    vi.advanceTimersByTime(700);
    expect(b.isOpen).toBe(true);
  });

  it('Escape also cancels a pending open', () => {
    const group = createTooltipGroup();
    const a = handle();
    group.request(a);
    vi.advanceTimersByTime(300);
    group.dismiss();
    vi.advanceTimersByTime(1000);
    expect(a.open).not.toHaveBeenCalled();
  });

  it('accepts an injected clock', () => {
    let now = 0;
    const timers: Array<{ at: number; fn: () => void }> = [];
    const group = createTooltipGroup({
      setTimeout: (fn, ms) => timers.push({ at: now + ms, fn }),
      clearTimeout: () => undefined,
      now: () => now,
    });
    const a = handle();
    group.request(a);
    expect(timers).toHaveLength(1);
    expect(timers[0]?.at).toBe(700);
    now = 700;
    timers[0]?.fn();
    expect(a.isOpen).toBe(true);
  });
});
