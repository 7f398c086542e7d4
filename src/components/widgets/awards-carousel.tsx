/** STUB (widgets helper replaces): awards carousel (spec §5). */
export interface AwardsCarouselProps {
  /** `image` is the badge's public URL (an SVG). */
  awards: ReadonlyArray<{ id: string; name: string; image: string }>;
  /** Id of the section heading that names the carousel. */
  labelledby: string;
}

export function AwardsCarousel({ awards, labelledby }: AwardsCarouselProps) {
  return (
    <div role="region" aria-roledescription="carousel" aria-labelledby={labelledby}>
      <ul>
        {awards.map((a) => (
          <li key={a.id}>
            <img src={a.image} alt="" width={160} height={160} loading="lazy" />
            <p>{a.name}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
