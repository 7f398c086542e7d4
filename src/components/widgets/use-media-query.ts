/**
 * `useMediaQuery(query)`: whether a CSS media query matches, kept current. Server rendering and
 * the hydration render use `false` (`useSyncExternalStore`'s server snapshot), so the first
 * client render matches the server's HTML and the real value follows right after hydration.
 */
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchMedia(query).matches,
    () => false,
  );
}
