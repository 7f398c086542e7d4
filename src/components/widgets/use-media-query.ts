/**
 * Whether a media query matches, kept current by its `change` events
 * (https://developer.mozilla.org/docs/Web/API/Window/matchMedia). `false` on the server and while
 * React hydrates the server's HTML, then the browser's answer
 * (https://react.dev/reference/react/useSyncExternalStore#adding-support-for-server-rendering).
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
