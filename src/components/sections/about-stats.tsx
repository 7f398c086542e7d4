/** The About page's band of stat counters (docs/product.md#about). */
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
