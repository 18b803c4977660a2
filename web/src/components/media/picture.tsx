import type { ResponsiveImage } from '../../assets/artwork';

interface PictureProps {
  image: ResponsiveImage;
  /** Empty for a decorative image. */
  alt: string;
  /** How wide the image is drawn, for the browser to pick a file (`sizes`). */
  sizes: string;
  /** The largest image of the page loads at once and first; the others when needed. */
  priority?: boolean;
  className?: string;
}

/** A responsive image in AVIF with WebP as the fallback, sized so nothing shifts. */
export function Picture({ image, alt, sizes, priority = false, className }: PictureProps) {
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={image.sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.sources.webp} sizes={sizes} />
      <img
        src={image.fallback}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
    </picture>
  );
}
