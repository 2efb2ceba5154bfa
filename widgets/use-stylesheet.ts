import { useEffect, useState } from 'react';

function linkedStylesheet(href: string): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`);
}

/**
 * Links the stylesheet at `href` once `wanted`, and says whether it has loaded: what it styles renders only then,
 * never unstyled first. False for good when there is none (an empty href) or it fails to load.
 */
export function useStylesheet(href: string, wanted: boolean): boolean {
  // Loaded already when the page linked it before (its load event has passed); never on the server.
  const [loaded, setLoaded] = useState(
    () => typeof document !== 'undefined' && !!href && !!linkedStylesheet(href)?.sheet,
  );
  useEffect(() => {
    if (!wanted || !href || loaded) return;
    const existing = linkedStylesheet(href);
    const link = existing ?? Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    const onLoad = () => setLoaded(true);
    link.addEventListener('load', onLoad, { once: true });
    if (!existing) document.head.append(link);
    return () => link.removeEventListener('load', onLoad);
  }, [href, wanted, loaded]);
  return loaded;
}
