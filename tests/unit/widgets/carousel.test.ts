import { describe, expect, it } from 'vitest';
import {
  dotLabel,
  initialPlaying,
  isRotating,
  liveMode,
  nextIndex,
  ROTATE_MS,
  selectIndex,
  slideLabel,
  toggleLabel,
} from '../../../src/lib/widgets/carousel.ts';

describe('testimonial carousel', () => {
  it('rotates every 6000 ms', () => {
    expect(ROTATE_MS).toBe(6000);
  });
  it('advances and wraps from the last to the first', () => {
    expect(nextIndex(0, 6)).toBe(1);
    expect(nextIndex(4, 6)).toBe(5);
    expect(nextIndex(5, 6)).toBe(0);
    expect(nextIndex(0, 1)).toBe(0);
  });
  it('a full cycle of 6 advances returns to the start', () => {
    let i = 0;
    const seen: number[] = [];
    for (let n = 0; n < 6; n++) {
      i = nextIndex(i, 6);
      seen.push(i);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 0]);
  });
  it('dot selection normalises any index', () => {
    expect(selectIndex(3, 6)).toBe(3);
    expect(selectIndex(6, 6)).toBe(0);
    expect(selectIndex(-1, 6)).toBe(5);
    expect(() => selectIndex(0, 0)).toThrow(RangeError);
    expect(() => nextIndex(0, 2.5)).toThrow(RangeError);
  });
  it('labels dots and slides', () => {
    expect(dotLabel(0, 6)).toBe('Show testimonial 1 of 6');
    expect(dotLabel(5, 6)).toBe('Show testimonial 6 of 6');
    expect(slideLabel(2, 6)).toBe('3 of 6');
  });
  it('rotates only while playing and neither hovered nor focused', () => {
    expect(isRotating({ playing: true, hovered: false, focused: false })).toBe(true);
    expect(isRotating({ playing: true, hovered: true, focused: false })).toBe(false);
    expect(isRotating({ playing: true, hovered: false, focused: true })).toBe(false);
    expect(isRotating({ playing: false, hovered: false, focused: false })).toBe(false);
  });
  it('does not auto-advance under reduced motion until the visitor presses Play', () => {
    expect(initialPlaying(true)).toBe(false);
    expect(initialPlaying(false)).toBe(true);
  });
  it('live region is off while rotating and polite when stopped', () => {
    expect(liveMode(true)).toBe('off');
    expect(liveMode(false)).toBe('polite');
  });
  it('the toggle names the action it performs', () => {
    expect(toggleLabel(true)).toBe('Pause testimonials');
    expect(toggleLabel(false)).toBe('Play testimonials');
  });
});
