/**
 * An upload as AVIF and WebP `<picture>`, sized so nothing shifts, its focal point one of nine
 * `object-position` classes (no `style` under the CSP: docs/decisions/131-uploads-from-the-item-form-and-the-image-library.md);
 * a drawing as an `<img>`.
 */
import type { ContentImage } from '../../lib/media.ts';

/** The focal point's class, by the nearest of 0 %, 50 % and 100 % on each axis. */
const POSITIONS: Record<string, string> = {
  '0 0': 'object-left-top',
  '50 0': 'object-top',
  '100 0': 'object-right-top',
  '0 50': 'object-left',
  '50 50': 'object-center',
  '100 50': 'object-right',
  '0 100': 'object-left-bottom',
  '50 100': 'object-bottom',
  '100 100': 'object-right-bottom',
};

function positionClass(position: string | undefined): string | undefined {
  if (!position) return undefined;
  const [x = 50, y = 50] = position.split(' ').map((p) => Math.round(parseFloat(p) / 50) * 50);
  return POSITIONS[`${x} ${y}`];
}

export interface ContentPictureProps {
  image: ContentImage;
  /** A drawing's alt text; an upload carries its own. */
  alt: string;
  /** Else an upload's own pixels. */
  width?: number;
  height?: number;
  /** Default the box's width. */
  sizes?: string;
  loading?: 'lazy' | 'eager';
  className?: string;
}

export function ContentPicture({
  image,
  alt,
  width,
  height,
  sizes,
  loading = 'lazy',
  className,
}: ContentPictureProps) {
  if (typeof image === 'string') {
    return (
      <img
        src={image}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
        className={className}
      />
    );
  }
  const w = width ?? image.width;
  const h = height ?? (width ? Math.round((width * image.height) / image.width) : image.height);
  return (
    <picture>
      {image.sources.map((source) => (
        <source
          key={source.type}
          type={source.type}
          srcSet={source.srcSet}
          sizes={sizes ?? `${w}px`}
        />
      ))}
      <img
        src={image.src}
        alt={image.alt}
        width={w}
        height={h}
        loading={loading}
        decoding="async"
        className={
          [className, positionClass(image.position)].filter(Boolean).join(' ') || undefined
        }
      />
    </picture>
  );
}

/** An item page's cover (a case study's, a news item's): its LCP element, loaded at once. */
export function ItemCover({ image }: { image: ContentImage | undefined }) {
  if (!image) return null;
  return (
    <div className="mt-12 lg:mt-16">
      <ContentPicture
        image={image}
        alt=""
        loading="eager"
        sizes="(min-width: 1280px) 1216px, 100vw"
        className="aspect-[16/9] w-full bg-stone-200 object-cover"
      />
    </div>
  );
}
