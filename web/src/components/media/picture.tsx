import type { ResponsiveImage } from '../../assets/artwork';

interface PictureProps {
  image: ResponsiveImage;
  /** Empty for a decorative image. */
  alt: string;
  /** How wide the image is drawn, for the browser to pick a file (`sizes`). */
  sizes: string;
  /**
   * When it is fetched: `high`, the largest image of the page, at once and first; `low`, another
   * image of the first screen, at once but after it; by default when it nears the screen (lazy).
   */
  priority?: 'high' | 'low' | undefined;
  className?: string;
}

/** A responsive image in AVIF with WebP as the fallback, sized so nothing shifts. */
export function Picture({ image, alt, sizes, priority, className }: PictureProps) {
  return (
    // The picture keeps the image's shape even while its image is not laid out (styles.css, "held").
    <picture className={className} style={{ aspectRatio: `${String(image.width)} / ${String(image.height)}` }}>
      <source type="image/avif" srcSet={image.sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.sources.webp} sizes={sizes} />
      <img
        src={image.fallback}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ?? 'auto'}
        decoding="async"
      />
    </picture>
  );
}
