/**
 * A content image as a page shows it (docs/decisions/051-uploaded-images-re-encoded-in-the-database.md):
 * a project-drawn SVG's URL as one `<img>`, as before; an upload as a `<picture>` with its AVIF
 * and WebP sources (https://html.spec.whatwg.org/multipage/embedded-content.html#the-picture-element),
 * its own alt text (empty when decorative), and `width`/`height` so the box is known before it
 * loads (no layout shift). An upload's focal point becomes its `object-position`, kept in view
 * where the page crops it (`object-cover`): one of nine classes, since the pages' CSP allows no
 * `style` attribute (docs/decisions/131-uploads-from-the-item-form-and-the-image-library.md).
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
  /** The box's attributes (its aspect ratio); an upload without them uses its own pixels. */
  width?: number;
  height?: number;
  /** Which width the browser picks by (https://developer.mozilla.org/docs/Web/HTML/Element/img#sizes); default the box's width. */
  sizes?: string;
  /** `lazy` below the fold (default), `eager` above it. */
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
