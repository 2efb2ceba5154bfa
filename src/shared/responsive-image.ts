/** An image with everything a <picture> needs; plain data so it can travel to a widget as JSON props. */
export interface ResponsiveImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  avifSrcSet?: string;
  webpSrcSet?: string;
  srcSet?: string;
}
