/**
 * The type of `sections.yaml`'s copy. Each page imports its own part (`sections.yaml?page=home`,
 * `scripts/lib/content-plugin.ts`) and looks sections up with `sectionsOf`.
 */
import type { z } from 'zod';
import type { sectionCopySchema } from './schemas.ts';

export type SectionCopy = z.output<typeof sectionCopySchema>;
