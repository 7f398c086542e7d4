import { describe, expect, it } from 'vitest';
import {
  clampOffset,
  isNextDisabled,
  isPreviousDisabled,
  maxOffset,
  STEP_PX,
} from '../../../src/lib/widgets/awards.ts';

// Four awards of 276px + 24px gap = 1176px strip (no trailing gap).
const STRIP = 4 * 276 + 3 * 24;

describe('awards carousel offsets', () => {
  it('steps by 300px', () => {
    expect(STEP_PX).toBe(300);
  });
  it('maxOffset is the overflow, never negative', () => {
    expect(maxOffset(STRIP, 343)).toBe(STRIP - 343);
    expect(maxOffset(STRIP, 1232)).toBe(0);
    expect(maxOffset(500, 500)).toBe(0);
  });
  it('Next moves left by 300px and stops where the last award is fully visible', () => {
    const vw = 343; // 375px phone minus padding
    const max = STRIP - vw; // 833
    let o = 0;
    o = clampOffset(o, STEP_PX, STRIP, vw);
    expect(o).toBe(300);
    o = clampOffset(o, STEP_PX, STRIP, vw);
    expect(o).toBe(600);
    o = clampOffset(o, STEP_PX, STRIP, vw);
    expect(o).toBe(max);
    expect(isNextDisabled(o, STRIP, vw)).toBe(true);
    expect(clampOffset(o, STEP_PX, STRIP, vw)).toBe(max);
  });
  it('Previous moves right by 300px, never past 0', () => {
    expect(clampOffset(600, -STEP_PX, STRIP, 343)).toBe(300);
    expect(clampOffset(200, -STEP_PX, STRIP, 343)).toBe(0);
    expect(clampOffset(0, -STEP_PX, STRIP, 343)).toBe(0);
  });
  it('disables Previous at 0 only', () => {
    expect(isPreviousDisabled(0)).toBe(true);
    expect(isPreviousDisabled(1)).toBe(false);
    expect(isPreviousDisabled(300)).toBe(false);
  });
  it('disables both when everything fits', () => {
    expect(isPreviousDisabled(0)).toBe(true);
    expect(isNextDisabled(0, STRIP, 1232)).toBe(true);
  });
  it('Next is enabled below the bound', () => {
    expect(isNextDisabled(0, STRIP, 343)).toBe(false);
    expect(isNextDisabled(STRIP - 344, STRIP, 343)).toBe(false);
  });
  it('re-clamps after a resize widens the viewport (step 0)', () => {
    expect(clampOffset(833, 0, STRIP, 900)).toBe(STRIP - 900);
    expect(clampOffset(833, 0, STRIP, 1280)).toBe(0);
  });
});
