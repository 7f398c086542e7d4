/**
 * Rules of the hero's scroll cue (smooth scroll to About, docs/product.md#hero).
 *
 * Its own module so the scroll cue's script imports nothing another widget imports (see
 * `motion.ts`), and the bundler can inline it.
 */

/** Media query of visitors who asked for less motion. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Scroll behaviour of the scroll cue: smooth, or instant under reduced motion. */
export function scrollBehaviour(reducedMotion: boolean): ScrollBehavior {
  return reducedMotion ? 'auto' : 'smooth';
}
