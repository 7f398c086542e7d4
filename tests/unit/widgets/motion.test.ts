import { describe, expect, it } from 'vitest';
import {
  cursorMarkerEnabled,
  FINE_POINTER_QUERY,
  pointInBox,
  REDUCED_MOTION_QUERY,
  scrollBehaviour,
} from '../../../src/lib/widgets/motion.ts';
import { copyrightYear } from '../../../src/lib/widgets/year.ts';

describe('cursor marker (docs/product.md#hero)', () => {
  it('shows only for fine pointers without reduced motion', () => {
    expect(cursorMarkerEnabled(true, false)).toBe(true);
    expect(cursorMarkerEnabled(false, false)).toBe(false);
    expect(cursorMarkerEnabled(true, true)).toBe(false);
    expect(FINE_POINTER_QUERY).toContain('pointer: fine');
    expect(REDUCED_MOTION_QUERY).toBe('(prefers-reduced-motion: reduce)');
  });
  it('positions relative to the hero and stays inside it', () => {
    const box = { left: 10, top: 100, width: 300, height: 200 };
    expect(pointInBox(60, 150, box)).toEqual({ x: 50, y: 50 });
    expect(pointInBox(0, 0, box)).toEqual({ x: 0, y: 0 });
    expect(pointInBox(999, 999, box)).toEqual({ x: 300, y: 200 });
  });
});

describe('scroll cue', () => {
  it('scrolls smoothly unless reduced motion is requested', () => {
    expect(scrollBehaviour(false)).toBe('smooth');
    expect(scrollBehaviour(true)).toBe('auto');
  });
});

describe('copyright year (docs/product.md#footer)', () => {
  it('is the local calendar year, including on 1 January', () => {
    expect(copyrightYear(new Date(2027, 0, 1, 0, 0, 1))).toBe(2027);
    expect(copyrightYear(new Date(2026, 11, 31, 23, 59, 59))).toBe(2026);
  });
});
