import { useSyncExternalStore } from 'react';

/** Nothing to subscribe to: whether the code runs in the browser never changes once it runs. */
const subscribe = () => () => undefined;

/**
 * False during server rendering and the hydrating render, true right after: widgets render exactly the
 * server HTML first (no hydration mismatch) and switch to their interactive form once they run in the browser.
 * (React hydrates with the server snapshot, then re-renders with the client one.)
 */
export function useEnhanced(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
