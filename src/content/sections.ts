/**
 * The type of `sections.yaml`'s copy. Each page's loader returns its own part (`sectionsPart` in
 * `src/react/site-content.ts`) and the page looks sections up with `sectionsOf`.
 */
import type { z } from 'zod';
import type { sectionCopySchema } from './schemas.ts';

export type SectionCopy = z.output<typeof sectionCopySchema>;
