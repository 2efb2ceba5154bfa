import { SMALL_SCREEN, smallScreenImage, type ResponsiveImage } from './responsive-image.js';

interface PictureProps {
  image: ResponsiveImage;
  sizes: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
  className?: string;
  alt?: string;
  onError?: () => void;
  /** Phones are offered no variant wider than WIDEST_SMALL_SCREEN_VARIANT (a hero drawn far wider than the screen). */
  capOnSmallScreens?: boolean;
}

/** The <source> elements of one image: AVIF, then WebP, then its own format (on the <img> itself when `media` is unset). */
function sources(image: ResponsiveImage, sizes: string, media?: string) {
  return (
    <>
      {image.avifSrcSet ? <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} media={media} /> : null}
      {image.webpSrcSet ? <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} media={media} /> : null}
      {media && image.srcSet ? <source srcSet={image.srcSet} sizes={sizes} media={media} /> : null}
    </>
  );
}

/**
 * A responsive <picture>: AVIF, then WebP, then the original format; width and height always set so nothing shifts.
 * The image fetched with high priority is the page's largest paint: the boot script waits until it is on screen.
 */
export function Picture({
  image,
  sizes,
  loading = 'lazy',
  fetchPriority,
  className,
  alt,
  onError,
  capOnSmallScreens = false,
}: PictureProps) {
  const small = capOnSmallScreens ? smallScreenImage(image) : undefined;
  return (
    <picture>
      {small ? sources(small, sizes, SMALL_SCREEN) : null}
      {sources(image, sizes)}
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
