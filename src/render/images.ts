import type { ResponsiveImage } from '../shared/responsive-image.js';
import type { ImageManifest } from './asset-manifest.js';

/** Fallback box for an image the build has not seen (an outside URL); CSS keeps its aspect with object-fit. */
const UNKNOWN_SIZE = { width: 1600, height: 1000 };

/** `uploaded` adds the variants of staff-uploaded images (from the database) to the build's manifest. */
export type DescribeImage = (src: string, alt: string, uploaded?: ImageManifest) => ResponsiveImage;

/** Only the manifest's own entries: a stored URL such as `constructor` must not find Object.prototype's members. */
function variantsOf(manifest: ImageManifest | undefined, src: string) {
  return manifest && Object.hasOwn(manifest, src) ? manifest[src] : undefined;
}

/**
 * Resolves a site image path to its responsive variants, as recorded by the build, by an upload, or by the file
 * library for a lasting /files/… address (`library`, asked at each use: a replacement changes it).
 */
export function createImageDescriber(manifest: ImageManifest, library?: () => ImageManifest): DescribeImage {
  return (src, alt, uploaded) => {
    const variants = variantsOf(manifest, src) ?? variantsOf(uploaded, src) ?? variantsOf(library?.(), src);
    if (!variants) return { src, alt, ...UNKNOWN_SIZE };
    return {
      src: variants.fallbackSrc,
      alt,
      width: variants.width,
      height: variants.height,
      srcSet: variants.srcSet,
      webpSrcSet: variants.webpSrcSet,
      avifSrcSet: variants.avifSrcSet,
    };
  };
}
