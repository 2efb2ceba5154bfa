/** How close to the viewport an element must come before its code loads. */
export const NEAR_VIEWPORT_MARGIN = '200px';

/**
 * Calls `callback` once, when `element` comes within NEAR_VIEWPORT_MARGIN of the viewport (at once where
 * IntersectionObserver is missing). Returns a function that cancels the wait.
 */
export function whenNearViewport(element: Element, callback: () => void): () => void {
  if (!('IntersectionObserver' in window)) {
    callback();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        callback();
      }
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
