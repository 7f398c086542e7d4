/** The testimonials and awards sections of Home and About, each a header and its carousel. */
import type { SectionCopy } from '../../content/sections.ts';
import type { ContentImage } from '../../lib/media.ts';
import { Section, SectionHeader } from '../ui/section.tsx';
import { AwardsCarousel } from '../widgets/awards-carousel.tsx';
import { TestimonialCarousel } from '../widgets/testimonial-carousel.tsx';

export function TestimonialsSection({
  id,
  copy,
  testimonials,
  background = 'paper',
}: {
  id: string;
  copy: SectionCopy;
  testimonials: ReadonlyArray<{ quote: string; author: string; position?: string | undefined }>;
  background?: 'paper' | 'stone' | 'sand';
}) {
  return (
    <Section id={id} labelledby={`${id}-heading`} background={background}>
      <SectionHeader copy={copy} headingId={`${id}-heading`} />
      <div className="mt-12 md:mt-16">
        <TestimonialCarousel testimonials={testimonials} labelledby={`${id}-heading`} />
      </div>
    </Section>
  );
}

export function AwardsSection({
  id,
  copy,
  awards,
  background = 'sand',
}: {
  id: string;
  copy: SectionCopy;
  awards: ReadonlyArray<{ id: string; name: string; image: ContentImage }>;
  background?: 'paper' | 'stone' | 'sand';
}) {
  return (
    <Section id={id} labelledby={`${id}-heading`} background={background}>
      <SectionHeader copy={copy} headingId={`${id}-heading`} />
      <div className="mt-12 md:mt-16">
        <AwardsCarousel awards={awards} labelledby={`${id}-heading`} />
      </div>
    </Section>
  );
}
