/**
 * The about page's band of animated stat counters (docs/product.md#about), one of the page's
 * static parts (`src/routes/static/about.tsx`, decision 015): the counters are animated in place
 * by `bindWidgets` (decision 019).
 */
import type { SectionCopy } from '../../content/sections.ts';
import { Section, SectionHeader } from '../ui/section.tsx';
import { StatCounters } from '../widgets/stat-counters.tsx';

export function StatsBand({
  copy,
  stats,
}: {
  copy: SectionCopy;
  stats: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <Section labelledby="stats-heading" background="ink">
      <SectionHeader copy={copy} headingId="stats-heading" tone="dark" />
      <div className="mt-14 border-t border-stone-800 pt-12 md:mt-20">
        <StatCounters stats={stats} tone="dark" />
      </div>
    </Section>
  );
}
