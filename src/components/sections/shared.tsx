/** Sections of more than one page, without carousels (`recognition.tsx`). */
import type { ReactNode } from 'react';
import type { SectionCopy } from '../../content/sections.ts';
import { ButtonLink } from '../ui/links.tsx';
import { Section, SectionHeader } from '../ui/section.tsx';

/** An inner page's opening section, with its `h1`. */
export function PageIntro({
  copy,
  background = 'stone',
  children,
}: {
  copy: SectionCopy;
  background?: 'paper' | 'stone';
  children?: ReactNode;
}) {
  return (
    <Section labelledby="page-heading" background={background} first>
      <SectionHeader copy={copy} headingId="page-heading" level={1} />
      {children}
    </Section>
  );
}

export function CtaBand({ copy }: { copy: SectionCopy }) {
  return (
    <Section labelledby="cta-heading" background="ink">
      <div className="grid gap-10 lg:grid-cols-12 lg:items-end">
        <div className="lg:col-span-8">
          <h2 id="cta-heading" className="max-w-3xl text-display">
            {copy.heading}
          </h2>
          {copy.lede && <p className="mt-6 max-w-2xl text-lede text-stone-300">{copy.lede}</p>}
        </div>
        <div className="lg:col-span-4 lg:flex lg:justify-end">
          <ButtonLink href="/contact" tone="dark">
            {copy.cta ?? 'Contact Us'}
          </ButtonLink>
        </div>
      </div>
    </Section>
  );
}
