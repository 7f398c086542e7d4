/**
 * Typed access to the section copy in `sections.yaml` (eyebrow, heading, lede, body, cta), so
 * section components hold markup only and route modules pick copy by section id.
 */
import type { z } from 'zod';
import type { sectionCopySchema } from './schemas.ts';
import sections from './sections.yaml';

/** Copy of one page section. */
export type SectionCopy = z.output<typeof sectionCopySchema>;

/**
 * The copy of section `id`.
 *
 * @throws Error naming the id and the file when `sections.yaml` has no such entry, so a typo
 *   fails the server's first render of the page and every test instead of rendering an empty section.
 */
export function section(id: string): SectionCopy {
  const copy = sections[id];
  if (!copy) throw new Error(`Missing section copy "${id}" in src/content/sections.yaml`);
  return copy;
}
