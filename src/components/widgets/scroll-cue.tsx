/** STUB (widgets helper replaces): the hero's "Scroll to About" button (spec §3 Home 1). */
export interface ScrollCueProps {
  /** Id of the element to scroll to, without `#`. */
  targetId: string;
  /** Accessible name, e.g. "Scroll to About". */
  label: string;
}

export function ScrollCue({ label }: ScrollCueProps) {
  return (
    <button type="button" aria-label={label}>
      ↓
    </button>
  );
}
