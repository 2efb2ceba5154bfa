/**
 * The `elementtiming` name of the image a page paints largest (the one it fetches with fetchpriority=high): the
 * boot script waits until that image is on screen before it loads any widget code (widgets/when-painted.ts).
 */
export const LARGEST_PAINT_TIMING = 'largest-paint';
