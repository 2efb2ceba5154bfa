import { useEffect, useState } from 'react';

/**
 * False during server rendering and the hydrating render, true right after: widgets render exactly the
 * server HTML first (no hydration mismatch) and switch to their interactive form once they run in the browser.
 */
export function useEnhanced(): boolean {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return enhanced;
}
