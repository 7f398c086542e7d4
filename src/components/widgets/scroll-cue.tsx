/** docs/product.md#hero; `widgets.css` hides it without scripting. */
import { ArrowDown as arrowDownIcon } from 'lucide';
import { Icon } from '../ui/icon.tsx';
import { REDUCED_MOTION_QUERY, scrollBehaviour } from '../../lib/widgets/motion.ts';

export interface ScrollCueProps {
  /** Without `#`. */
  targetId: string;
  label: string;
}

export function ScrollCue({ targetId, label }: ScrollCueProps) {
  const onClick = () => {
    const target = document.getElementById(targetId);
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.scrollIntoView({
      behavior: scrollBehaviour(matchMedia(REDUCED_MOTION_QUERY).matches),
      block: 'start',
    });
    // The smooth scroll is under way.
    target.focus({ preventScroll: true });
  };
  return (
    <span className="scroll-cue">
      <button
        type="button"
        aria-label={label}
        onClick={onClick}
        className="inline-flex size-12 items-center justify-center rounded-full border border-current/40 transition-colors hover:border-accent hover:text-accent"
      >
        <Icon icon={arrowDownIcon} size={22} className="cue-arrow" />
      </button>
    </span>
  );
}
