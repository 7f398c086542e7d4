/**
 * A section that React hydrates on its own (decision 011).
 *
 * Around server-rendered content that never suspends, `<Suspense>` changes nothing on the server
 * but the `<!--$-->` markers; in the browser React hydrates the page's shell first and each such
 * boundary afterwards in its own interruptible pass and commit, so hydration is a row of short
 * tasks instead of one long one (https://react.dev/reference/react/Suspense). A click inside a
 * boundary that is not hydrated yet makes React hydrate it first and then replays the click.
 *
 * Never put anything that suspends on the server inside (`lazy()`, `use()` of a pending
 * promise): React would then stream the content later with inline scripts that the CSP does not
 * allow. The server renders with `progressiveChunkSize: Infinity` so that large completed
 * boundaries are never outlined either (src/entry-server.tsx).
 */
import { Suspense, type ReactNode } from 'react';

export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
