/** STUB (widgets helper replaces): testimonial carousel (spec §5; WAI-ARIA APG carousel). */
export interface TestimonialCarouselProps {
  testimonials: ReadonlyArray<{
    id: string;
    quote: string;
    author: string;
    position?: string | undefined;
  }>;
  /** Id of the section heading that names the carousel. */
  labelledby: string;
}

export function TestimonialCarousel({ testimonials, labelledby }: TestimonialCarouselProps) {
  return (
    <div role="region" aria-roledescription="carousel" aria-labelledby={labelledby}>
      {testimonials.map((t) => (
        <figure key={t.id}>
          <blockquote>{t.quote}</blockquote>
          <figcaption>{t.author}</figcaption>
        </figure>
      ))}
    </div>
  );
}
