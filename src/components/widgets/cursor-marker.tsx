/**
 * STUB (widgets helper replaces): decorative marker following the mouse within its parent (the
 * hero, which must be `position: relative`), spec §3 Home 1.
 */
export function CursorMarker() {
  return <span aria-hidden="true" className="hidden" />;
}
