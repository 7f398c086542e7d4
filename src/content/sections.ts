/**
 * Typed access to the section copy in `sections.yaml` (eyebrow, heading, lede, body, cta), so
 * section components hold markup only and route modules pick copy by section id. Each page
 * imports its own part of the file (`sections.yaml?page=home`, see
 * `scripts/lib/content-plugin.ts`) and looks its sections up in it:
 *
 *     import pageCopy from '../content/sections.yaml?page=home';
 *     const section = sectionsOf(pageCopy);
 *     section('home-hero');
 */
import type { z } from 'zod';
import type { sectionCopySchema } from './schemas.ts';

/** Copy of one page section. */
export type SectionCopy = z.output<typeof sectionCopySchema>;

/**
 * The lookup of section copy by id in `part` (a page's part of `sections.yaml`).
 *
 * The lookup throws an Error naming the id and the file when `part` has no such entry (a typo, or
 * an id of another page), so it fails the server's first render of the page and every test
 * instead of rendering an empty section.
 */
export function sectionsOf(
  part: Readonly<Record<string, SectionCopy>>,
): (id: string) => SectionCopy {
  return (id) => {
    const copy = part[id];
    if (!copy) throw new Error(`Missing section copy "${id}" in src/content/sections.yaml`);
    return copy;
  };
}
