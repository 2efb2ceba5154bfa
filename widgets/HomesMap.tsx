import { useEffect, useState, type ComponentType } from 'react';
import { HOMES_PLACES_EVENT } from '../src/shared/homes-live-markup.js';
import type { HomesMapPlace } from './homes-map-types.js';
import type { HomesMapViewProps } from './HomesMapView.js';
import { useEnhanced } from './use-enhanced.js';
import { useStylesheet } from './use-stylesheet.js';

interface HomesMapProps {
  /** The places of every matching result (all pages): the pins follow the filters. */
  places: HomesMapPlace[];
  tileUrl: string;
  attribution: string;
  /** Leaflet's stylesheet (the Nearby map's), linked only once the map loads. */
  stylesheet: string;
}

/**
 * The map of "Find your home": a pin per place with matching homes, its count on it and its homes in its popup.
 * Without JavaScript it renders nothing (the list of places below it is the map's alternative, always there); with
 * it, the map's box is reserved by CSS from the first paint (`scripting: enabled`), and Leaflet loads once the
 * widget hydrates, as the box nears the viewport. A live search sends it new places (HOMES_PLACES_EVENT). Tiles may never load (offline): the pins show on a plain background all the same.
 */
export default function HomesMap({ places, tileUrl, attribution, stylesheet }: HomesMapProps) {
  // The widget is the map's box and hydrates as it nears the viewport (hydrate="visible"): Leaflet loads then.
  const near = useEnhanced();
  const [MapView, setMapView] = useState<ComponentType<HomesMapViewProps> | null>(null);
  const styled = useStylesheet(stylesheet, near);
  // The live search (homes-live.ts) sends each new search's places: the pins follow the results without a reload.
  const [shown, setShown] = useState(places);
  useEffect(() => {
    const update = (event: Event) => {
      if (event instanceof CustomEvent && Array.isArray(event.detail)) setShown(event.detail as HomesMapPlace[]);
    };
    document.addEventListener(HOMES_PLACES_EVENT, update);
    return () => document.removeEventListener(HOMES_PLACES_EVENT, update);
  }, []);
  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    import('./HomesMapView.js')
      .then((module) => {
        if (!cancelled) setMapView(() => module.default);
      })
      .catch((error: unknown) => console.error('The map could not load', error));
    return () => {
      cancelled = true;
    };
  }, [near]);

  return (
    <div className="homes-map">
      {near ? (
        MapView && (styled || !stylesheet) ? (
          <MapView places={shown} tileUrl={tileUrl} attribution={attribution} />
        ) : (
          <p className="homes-map-loading">Loading map…</p>
        )
      ) : null}
    </div>
  );
}
