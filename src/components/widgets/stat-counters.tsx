/**
 * The four animated stat counters (docs/product.md#stat-counters): the markup, as the server draws
 * it. `bindWidgets` (`src/lib/widgets/behaviour.ts`, decision 019) animates it in place.
 *
 * The final values are in the server's HTML. Each number is drawn twice: a visually hidden copy
 * with the final value for screen readers, and an `aria-hidden` copy that animates. When 30% of a
 * counter is visible it resets that copy to 0 and counts up in 40 steps over 2000 ms, once; under
 * reduced motion, or for a value without digits, it never changes. A trailing "+" (the value's
 * suffix) is drawn in the accent colour and stays in place while the number rises.
 *
 * DOM: `<dl>` › `<div>` › `<dt>` label + `<dd>` › `<span data-counter data-value="8+"
 * data-state="running|done">` › `<span aria-hidden>` (`[data-number]` + suffix) + `.sr-only`.
 */
import { statParts } from '../../lib/widgets/counter.ts';

export interface StatCountersProps {
  /** Stats as written in content, e.g. `{ value: '8+', label: 'Years of experience' }`. */
  stats: ReadonlyArray<{ value: string; label: string }>;
  /** 'dark' for use on an ink background. */
  tone?: 'light' | 'dark';
}

function Counter({ value, tone }: { value: string; tone: 'light' | 'dark' }) {
  const parts = statParts(value);
  return (
    <span data-counter="" data-value={value}>
      <span aria-hidden="true">
        {parts.prefix}
        <span data-number="">{parts.number}</span>
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
