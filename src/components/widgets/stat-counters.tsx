/** STUB (widgets helper replaces): the four animated stat counters (spec §5). */
export interface StatCountersProps {
  /** Stats as written in content, e.g. `{ value: '8+', label: 'Years of experience' }`. */
  stats: ReadonlyArray<{ value: string; label: string }>;
  /** 'dark' on an ink background. */
  tone?: 'light' | 'dark' | undefined;
}

export function StatCounters({ stats }: StatCountersProps) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-8 md:grid-cols-4">
      {stats.map((s) => (
        <div key={s.label}>
          <dt>{s.label}</dt>
          <dd>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
