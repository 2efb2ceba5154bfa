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

/** One entry of a `sizes` attribute: the box's width (a CSS length) while the media condition holds. */
export interface SizeSlot {
  media?: string;
  width: string;
}

/** The height of a box an image covers: a CSS length of its own, or fixed by the box's width:height ratio. */
export type CoverHeight = { length: string } | { aspectRatio: number };

/** Four decimals: enough for a width, and the same string on the server and in the widget. */
const ratio = (value: number) => Number(value.toFixed(4));

/**
 * The `sizes` of an image that covers its box (object-fit: cover). The browser picks a variant for the width
 * `sizes` names, but a cover-fit image is drawn at max(box width, box height × its aspect ratio): an image wider
 * than its box is drawn wider than the box, and the box's width alone picks a variant that is then scaled up.
 */
export function coverSizes(image: Pick<ResponsiveImage, 'width' | 'height'>, slots: SizeSlot[], height: CoverHeight) {
  const imageRatio = image.width / image.height;
  const drawnWidth = (width: string) => {
    if ('length' in height) return `max(${width}, ${height.length} * ${ratio(imageRatio)})`;
    const factor = ratio(imageRatio / height.aspectRatio);
    return factor > 1 ? `calc(${width} * ${factor})` : width;
  };
  return slots.map((slot) => (slot.media ? `${slot.media} ` : '') + drawnWidth(slot.width)).join(', ');
}
