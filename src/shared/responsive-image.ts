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

/** Below the site's md breakpoint (site.css): phones, offered no variant wider than WIDEST_SMALL_SCREEN_VARIANT. */
export const SMALL_SCREEN = '(max-width: 767.98px)';

/**
 * The widest variant a phone is offered. A cover-fit hero on a phone held upright is drawn about three times
 * wider than the screen (1,040 CSS px at 375 × 812): at DPR 3 its `sizes` would ask for a 3,840 px file, of which
 * the phone shows a third. Phones keep the 1,600 px variant they had; the wider ones are for large screens.
 */
export const WIDEST_SMALL_SCREEN_VARIANT = 1600;

/** A srcset without its candidates wider than `widest` ("a.jpg 400w, b.jpg 800w"); undefined stays undefined. */
export function srcSetUpTo(srcSet: string | undefined, widest: number): string | undefined {
  if (srcSet === undefined) return undefined;
  return srcSet
    .split(',')
    .map((candidate) => candidate.trim())
    .filter((candidate) => parseInt(candidate.split(/\s+/)[1] ?? '', 10) <= widest)
    .join(', ');
}

/** The image as phones are offered it, or undefined when it has no variant wider than they are offered. */
export function smallScreenImage(image: ResponsiveImage): ResponsiveImage | undefined {
  const capped = {
    ...image,
    srcSet: srcSetUpTo(image.srcSet, WIDEST_SMALL_SCREEN_VARIANT),
    webpSrcSet: srcSetUpTo(image.webpSrcSet, WIDEST_SMALL_SCREEN_VARIANT),
    avifSrcSet: srcSetUpTo(image.avifSrcSet, WIDEST_SMALL_SCREEN_VARIANT),
  };
  const same = capped.srcSet === image.srcSet && capped.webpSrcSet === image.webpSrcSet;
  return same && capped.avifSrcSet === image.avifSrcSet ? undefined : capped;
}
