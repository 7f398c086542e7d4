/** docs/product.md#stat-counters; screen readers get the final value, the animation is hidden. */
import { useEffect, useRef, useState } from 'react';
import {
  frameNumber,
  parseStat,
  statParts,
  STEP_MS,
  STEPS,
  VISIBILITY_THRESHOLD,
} from '../../lib/widgets/counter.ts';
import { REDUCED_MOTION_QUERY } from '../../lib/widgets/motion.ts';

export interface StatCountersProps {
  stats: ReadonlyArray<{ value: string; label: string }>;
  tone?: 'light' | 'dark';
}

/** `null` (the final value) until seen. */
function useCountUp(value: string) {
  const counter = useRef<HTMLSpanElement>(null);
  const [frame, setFrame] = useState<string | null>(null);
  const [state, setState] = useState<'running' | 'done' | undefined>();

  useEffect(() => {
    const element = counter.current;
    const stat = parseStat(value);
    if (!element || !stat || matchMedia(REDUCED_MOTION_QUERY).matches) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        let step = 0;
        setFrame(frameNumber(stat, 0));
        setState('running');
        timer = setInterval(() => {
          step += 1;
          if (step < STEPS) {
            setFrame(frameNumber(stat, step));
            return;
          }
          clearInterval(timer);
          setFrame(null);
          setState('done');
        }, STEP_MS);
      },
      { threshold: VISIBILITY_THRESHOLD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearInterval(timer);
    };
  }, [value]);

  return { counter, frame, state };
}

function Counter({ value, tone }: { value: string; tone: 'light' | 'dark' }) {
  const parts = statParts(value);
  const { counter, frame, state } = useCountUp(value);
  return (
    <span ref={counter} data-counter="" data-value={value} data-state={state}>
      <span aria-hidden="true">
        {parts.prefix}
        <span>{frame ?? parts.number}</span>
        <span className={tone === 'dark' ? 'text-accent-bright' : 'text-accent'}>
          {parts.suffix}
        </span>
      </span>
      <span className="sr-only">{value}</span>
    </span>
  );
}

export function StatCounters({ stats, tone = 'light' }: StatCountersProps) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-8 md:grid-cols-4">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col-reverse gap-1 border-t border-current/20 pt-4"
        >
          <dt className={tone === 'dark' ? 'text-sm text-stone-200' : 'text-sm text-stone-600'}>
            {stat.label}
          </dt>
          <dd className="font-display text-5xl leading-none tracking-tight tabular-nums sm:text-6xl">
            <Counter value={stat.value} tone={tone} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
