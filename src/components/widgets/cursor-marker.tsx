/** docs/product.md#hero; the parent must be `position: relative`, `overflow: hidden`. */
import { useEffect, useRef } from 'react';
import {
  cursorMarkerEnabled,
  FINE_POINTER_QUERY,
  pointInBox,
  REDUCED_MOTION_QUERY,
} from '../../lib/widgets/motion.ts';

export function CursorMarker() {
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const self = marker.current;
    const host = self?.parentElement;
    if (!self || !host) return;
    let frame = 0;
    let last = { clientX: 0, clientY: 0 };
    const onMove = (event: PointerEvent) => {
      const enabled = cursorMarkerEnabled(
        matchMedia(FINE_POINTER_QUERY).matches,
        matchMedia(REDUCED_MOTION_QUERY).matches,
      );
      if (event.pointerType === 'touch' || !enabled) return;
      last = { clientX: event.clientX, clientY: event.clientY };
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        const { x, y } = pointInBox(last.clientX, last.clientY, host.getBoundingClientRect());
        self.style.transform = `translate3d(${x}px, ${y}px, 0)`;
        self.dataset['visible'] = '';
      });
    };
    const onLeave = () => delete self.dataset['visible'];
    host.addEventListener('pointermove', onMove, { passive: true });
    host.addEventListener('pointerleave', onLeave);
    return () => {
      cancelAnimationFrame(frame);
      host.removeEventListener('pointermove', onMove);
      host.removeEventListener('pointerleave', onLeave);
    };
  }, []);
  return (
    <div
      ref={marker}
      aria-hidden="true"
      className="cursor-marker pointer-events-none absolute top-0 left-0 z-0"
    >
      <span className="block size-6 -translate-1/2 rounded-full border-2 border-accent bg-accent/15" />
    </div>
  );
}
