/** The 404 page's section (docs/product.md#404-page). */
import type { SectionCopy } from '../../content/sections.ts';
import { ButtonLink } from '../ui/links.tsx';
import { Section } from '../ui/section.tsx';

export function NotFoundSection({ copy }: { copy: SectionCopy }) {
  return (
    <Section labelledby="page-heading" background="stone" first className="min-h-[80svh]">
      <p className="font-display text-[clamp(7rem,4rem+18vw,16rem)] leading-none tracking-tight text-stone-500">
        {copy.eyebrow ?? '404'}
      </p>
      <h1 id="page-heading" className="mt-4 text-display">
        {copy.heading}
      </h1>
      {copy.lede && <p className="mt-6 max-w-xl text-lede text-stone-700">{copy.lede}</p>}
      <ButtonLink href="/" className="mt-10">
        {copy.cta ?? 'Return to Home'}
      </ButtonLink>
    </Section>
  );
}
