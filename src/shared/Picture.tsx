import type { ResponsiveImage } from './responsive-image.js';

interface PictureProps {
  image: ResponsiveImage;
  sizes: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
  className?: string;
  alt?: string;
  onError?: () => void;
}

/**
 * A responsive <picture>: AVIF, then WebP, then the original format; width and height always set so nothing shifts.
 * The image fetched with high priority is the page's largest paint: the boot script waits until it is on screen.
 */
export function Picture({ image, sizes, loading = 'lazy', fetchPriority, className, alt, onError }: PictureProps) {
  return (
    <picture>
      {image.avifSrcSet ? <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} /> : null}
      {image.webpSrcSet ? <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} /> : null}
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.srcSet ? sizes : undefined}
        width={image.width}
        height={image.height}
        alt={alt ?? image.alt}
        loading={loading}
        decoding={loading === 'eager' ? 'sync' : 'async'}
        fetchPriority={fetchPriority}
        className={className}
        onError={onError}
      />
    </picture>
  );
}
