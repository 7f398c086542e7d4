/**
 * Typed access to the section copy in `sections.yaml` (eyebrow, heading, lede, body, cta), so
 * section components hold markup only and route modules pick copy by section id. Each page
 * imports its own part of the file (`sections.yaml?page=home`, see
 * `scripts/lib/content-plugin.ts`) and looks its sections up in it with `sectionsOf`
 * (`src/components/ui/section.tsx`, beside the components that draw the copy):
 *
 *     import pageCopy from '../content/sections.yaml?page=home';
 *     const section = sectionsOf(pageCopy);
 *     section('home-hero');
 */
import type { z } from 'zod';
import type { sectionCopySchema } from './schemas.ts';

/** Copy of one page section. */
export type SectionCopy = z.output<typeof sectionCopySchema>;
