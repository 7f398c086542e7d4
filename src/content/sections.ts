/** `sections.yaml`'s copy; each loader returns its part (`sectionsPart` in `src/react/site-content.ts`). */
import type { z } from 'zod';
import type { sectionCopySchema } from './schemas.ts';

export type SectionCopy = z.output<typeof sectionCopySchema>;
