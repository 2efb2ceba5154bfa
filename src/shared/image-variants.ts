/** The responsive variants written for one source image (build images and staff uploads alike). */
export interface ImageVariants {
  width: number;
  height: number;
  /** The largest variant in the source's own family (JPEG for photos, PNG for drawings). */
  fallbackSrc: string;
  srcSet: string;
  webpSrcSet: string;
  avifSrcSet: string;
}
