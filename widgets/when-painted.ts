/**
 * How long to wait for a paint the browser could still fail to report (a marked image scrolled out of view before
 * it painted): past this the widgets load anyway.
 */
export const PAINT_WAIT_LIMIT_MS = 3000;

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** Resolves at the first buffered or new performance entry of `type` that `accept` takes; at once where unsupported. */
function observed(type: string, accept: (entry: PerformanceEntry) => boolean): Promise<void> {
  if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some(accept)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type, buffered: true });
  });
}

/** The part of an element on screen, in CSS pixels: what Largest Contentful Paint measures. */
function visibleArea(element: Element): number {
  const box = element.getBoundingClientRect();
  const width = Math.min(box.right, window.innerWidth) - Math.max(box.left, 0);
  const height = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
  return Math.max(width, 0) * Math.max(height, 0);
}

/**
 * The page's largest-paint candidate that will paint now: the image it fetches with high priority, loaded (all
 * eager images are, at `load`), not broken and in view.
 */
function largestPaintImages(): HTMLImageElement[] {
  const images = document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]');
  return [...images].filter((image) => image.complete && image.naturalWidth > 0 && visibleArea(image) > 0);
}

/** Largest Contentful Paint's entry; not in TypeScript's DOM library yet. */
interface LargestContentfulPaint extends PerformanceEntry {
  element: Element | null;
  size: number;
}

/**
 * Resolves once the image is the page's largest paint, or once something larger has painted (then the image can no
 * longer be the page's largest paint, whenever it paints).
 */
function painted(image: HTMLImageElement): Promise<void> {
  const area = visibleArea(image);
  return observed('largest-contentful-paint', (entry) => {
    const paint = entry as LargestContentfulPaint;
    return paint.element === image || paint.size > area;
  });
}

function timeout(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Resolves once the page has loaded and its first content and its largest image are on screen. The `load` event
 * alone can come before the first frame (the images arrive before the stylesheets let anything paint): code that
 * loads and runs then delays that frame, and Lighthouse counts every script that ran before the page's largest
 * paint into its estimate of it (its "pessimistic" LCP graph). After the paint, none does.
 */
export async function whenPainted(): Promise<void> {
  await loaded();
  const paints = [
    observed('paint', (entry) => entry.name === 'first-contentful-paint'),
    ...largestPaintImages().map(painted),
  ];
  await Promise.race([Promise.all(paints), timeout(PAINT_WAIT_LIMIT_MS)]);
}
