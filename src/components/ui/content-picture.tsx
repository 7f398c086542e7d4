/** An upload as AVIF and WebP `<picture>`, sized so nothing shifts; a drawing as an `<img>`. */
import type { ContentImage } from '../../lib/media.ts';

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
        className={className}
      />
    </picture>
  );
}
