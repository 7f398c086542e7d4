import { describe, expect, it } from 'vitest';
import {
  isCurrentPath,
  isScrolled,
  menuToggleLabel,
  MOBILE_BREAKPOINT_PX,
  SCROLL_THRESHOLD_PX,
} from '../../../src/lib/widgets/header.ts';

describe('header scroll state (opaque when scrollY > 50)', () => {
  it('uses the spec constants', () => {
    expect(SCROLL_THRESHOLD_PX).toBe(50);
    expect(MOBILE_BREAKPOINT_PX).toBe(768);
  });
  it.each([
    [0, false],
    [-20, false],
    [49, false],
    [50, false],
    [50.5, true],
    [51, true],
    [4000, true],
  ])('scrollY %d → scrolled %s', (y, expected) => {
    expect(isScrolled(y)).toBe(expected);
  });
});

describe('menu toggle', () => {
  it('names the action the button performs', () => {
    expect(menuToggleLabel(false)).toBe('Open menu');
    expect(menuToggleLabel(true)).toBe('Close menu');
  });
});

describe('current nav link', () => {
  it.each([
    ['/', '/', true],
    ['/', '/index.html', true],
    ['/about', '/about', true],
    ['/about', '/about/', true],
    ['/about', '/about.html', true],
    ['/', '/about', false],
    ['/about', '/', false],
    ['/about', '/expertise', false],
  ])('%s on %s → %s', (href, path, expected) => {
    expect(isCurrentPath(href, path)).toBe(expected);
  });
});
