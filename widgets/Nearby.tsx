import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent, type RefObject } from 'react';
import { NEARBY_MAP_HEIGHT } from '../src/shared/constants.js';
import type { NearbyMapProps } from './NearbyMap.js';
import { formatMiles, type HomeLocation, type NearbyPlaceData, type NearbyTabData } from './nearby-types.js';
import { useEnhanced } from './use-enhanced.js';
import { whenNearViewport } from './when-near-viewport.js';
import { useStylesheet } from './use-stylesheet.js';

interface NearbyProps {
  tabs: NearbyTabData[];
  home: HomeLocation;
  tileUrl: string;
  attribution: string;
  /** Leaflet's stylesheet, linked only once the map loads. */
  stylesheet: string;
}

function PlaceList({
  places,
  selected,
  onSelect,
}: {
  places: NearbyPlaceData[];
  selected?: number | null;
  onSelect?: (index: number) => void;
}) {
  return (
    <ol className="place-list">
      {places.map((place, index) => {
        const details = (
          <>
            <span className="place-number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="place-text">
              <span className="place-name">{place.name}</span>
              <span className="place-address">{place.address}</span>
            </span>
            <span className="place-distance">{formatMiles(place.distanceMiles)}</span>
          </>
        );
        return (
          <li key={place.name} className={selected === index ? 'place is-selected' : 'place'}>
            {onSelect ? (
              <button
                type="button"
                className="place-button"
                aria-pressed={selected === index}
                onClick={() => onSelect(index)}
              >
                {details}
              </button>
            ) : (
              <div className="place-button">{details}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * True once the element comes within 200px of the viewport. The section hydrates when it nears the viewport;
 * on a phone that is already at load, while the map sits a long list further down: its code waits for it.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!active || near || !element) return;
    return whenNearViewport(element, () => setNear(true));
  }, [ref, active, near]);
  return near;
}

/**
 * Nearby places (seed-spec §2 "Nearby section"). Without JavaScript every tab's list shows, one after another.
 * Once hydrated it becomes four tabs (Schools by default) with a Leaflet map whose code loads only when the map
 * nears the viewport.
 */
export default function Nearby({ tabs, home, tileUrl, attribution, stylesheet }: NearbyProps) {
  const enhanced = useEnhanced();
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const [MapView, setMapView] = useState<ComponentType<NearbyMapProps> | null>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const mapRef = useRef<HTMLDivElement>(null);
  const mapNear = useNearViewport(mapRef, enhanced);

  // Leaflet's stylesheet is linked as the map nears (an empty href, none in the build manifest, links nothing).
  useStylesheet(stylesheet, mapNear);
  useEffect(() => {
    if (!mapNear) return;
    let cancelled = false;
    import('./NearbyMap.js')
      .then((module) => {
        if (!cancelled) setMapView(() => module.default);
      })
      .catch((error: unknown) => console.error('The map could not load', error));
    return () => {
      cancelled = true;
    };
  }, [mapNear]);

  if (!enhanced) {
    return (
      <div className="nearby">
        {tabs.map((tab) => (
          <section key={tab.id} className="nearby-static" aria-labelledby={`nearby-static-${tab.id}`}>
            <h3 id={`nearby-static-${tab.id}`}>{tab.label}</h3>
            <PlaceList places={tab.places} />
          </section>
        ))}
      </div>
    );
  }

  const tab = tabs[active] ?? tabs[0];
  if (!tab) return null;

  function choose(index: number) {
    setActive(index);
    setSelected(null);
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: active === last ? 0 : active + 1,
      ArrowLeft: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="nearby is-enhanced">
      <div className="nearby-tabs" role="tablist" aria-label="Nearby places">
        {tabs.map((item, index) => (
          <button
            key={item.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            id={`nearby-tab-${item.id}`}
            type="button"
            role="tab"
            aria-selected={index === active}
            aria-controls="nearby-panel"
            tabIndex={index === active ? 0 : -1}
            className="button nearby-tab"
            onClick={() => choose(index)}
            onKeyDown={onTabKeyDown}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div id="nearby-panel" className="nearby-panel" role="tabpanel" aria-labelledby={`nearby-tab-${tab.id}`}>
        <PlaceList places={tab.places} selected={selected} onSelect={setSelected} />
        <div ref={mapRef} className="nearby-map" style={{ height: NEARBY_MAP_HEIGHT }}>
          {MapView ? (
            <MapView
              key={tab.id}
              tab={tab}
              home={home}
              tileUrl={tileUrl}
              attribution={attribution}
              selected={selected}
              onSelect={setSelected}
            />
          ) : (
            <p className="map-loading">Loading map…</p>
          )}
        </div>
      </div>
    </div>
  );
}
