import {
  divIcon,
  latLngBounds,
  type Map as LeafletMap,
  type Marker as LeafletMarker,
  type PointExpression,
} from 'leaflet';
import { useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import type { HomeLocation, NearbyTabData } from './nearby-types.js';

export interface NearbyMapProps {
  tab: NearbyTabData;
  home: HomeLocation;
  tileUrl: string;
  attribution: string;
  selected: number | null;
  onSelect: Dispatch<SetStateAction<number | null>>;
}

function numberedIcon(number: number) {
  // Only a number goes into the HTML; place names reach the DOM through React (escaped) in the popup.
  return divIcon({
    className: 'map-marker',
    html: `<span>${Number(number)}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
    popupAnchor: [0, -14],
  });
}

/** Opening a popup pans the map to show it; the bottom padding keeps the marker under the popup in view too. */
const POPUP_PAN = {
  autoPanPaddingTopLeft: [12, 12] as PointExpression,
  autoPanPaddingBottomRight: [12, 44] as PointExpression,
};

/** How far a marker reaches around its point (half the community marker, 36 px), plus a little air. */
const MARKER_REACH = 18 + 4;

/**
 * Room to keep clear around the markers so that each lies wholly inside the map and off the controls: Leaflet's
 * zoom buttons in the top-left corner, the attribution along the bottom (measured: their size depends on touch
 * support and the tile provider's text). Before the controls exist, their usual size.
 */
function fitPadding(container?: HTMLElement) {
  let left = 10 + 34;
  let bottom = 18;
  if (container) {
    const frame = container.getBoundingClientRect();
    const edges = (selector: string, edge: (box: DOMRect) => number) =>
      Math.max(0, ...[...container.querySelectorAll(selector)].map((control) => edge(control.getBoundingClientRect())));
    left = edges('.leaflet-left .leaflet-control', (box) => box.right - frame.left);
    bottom = edges('.leaflet-bottom .leaflet-control', (box) => frame.bottom - box.top);
  }
  return {
    paddingTopLeft: [left + MARKER_REACH, MARKER_REACH] as PointExpression,
    paddingBottomRight: [MARKER_REACH, bottom + MARKER_REACH] as PointExpression,
  };
}

const homeIcon = divIcon({
  className: 'map-marker map-marker-home',
  html: '<span>⌂</span>',
  iconSize: [36, 36],
  iconAnchor: [18, 18],
  popupAnchor: [0, -16],
});

/**
 * The Leaflet map of one tab: numbered markers for its places and one marker for the community, all in view at
 * the seed's zoom or further out. It is keyed by tab, so switching tabs remounts it and resets centre, zoom and
 * markers (seed-spec §4). Loaded lazily.
 */
export default function NearbyMap({ tab, home, tileUrl, attribution, selected, onSelect }: NearbyMapProps) {
  const markers = useRef<(LeafletMarker | null)[]>([]);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const label = `Map of nearby ${tab.label.toLowerCase()}`;
  const bounds = useMemo(() => {
    const all = latLngBounds([[home.latitude, home.longitude]]);
    for (const place of tab.places) all.extend([place.latitude, place.longitude]);
    return all;
  }, [tab, home]);

  useEffect(() => {
    // react-leaflet hands unknown props to Leaflet, not to the DOM: name the focusable map container here.
    const container = map?.getContainer();
    container?.setAttribute('role', 'region');
    container?.setAttribute('aria-label', label);
  }, [map, label]);

  useEffect(() => {
    // Every marker in view, at the seed's zoom or further out: at its fixed zoom 10 the Medical places spread
    // beyond a phone-width map, one of them under the zoom buttons. Refitted once the controls can be measured.
    map?.fitBounds(bounds, { ...fitPadding(map.getContainer()), maxZoom: tab.zoom, animate: false });
  }, [map, bounds, tab.zoom]);

  useEffect(
    () => () => {
      // Leaflet ends a zoom animation by a 250 ms timer that remove() does not cancel: a tab chosen within those
      // 250 ms unmounts this map, and the timer then moved a removed map (a "_leaflet_pos" page error). Ending the
      // animation now, while the map still exists, leaves the timer nothing to do. (Leaflet 1.9 has no public call
      // for it: the two members below are its own.)
      const zooming = map as unknown as { _animatingZoom?: boolean; _onZoomTransitionEnd?: () => void } | null;
      if (zooming?._animatingZoom) zooming._onZoomTransitionEnd?.();
    },
    [map],
  );

  useEffect(() => {
    if (selected === null) return;
    const marker = markers.current[selected];
    if (marker && !marker.isPopupOpen()) marker.openPopup();
  }, [selected]);

  return (
    <MapContainer
      ref={setMap}
      bounds={bounds}
      boundsOptions={{ ...fitPadding(), maxZoom: tab.zoom }}
      scrollWheelZoom={false}
      className="leaflet-map"
    >
      <TileLayer url={tileUrl} attribution={attribution} referrerPolicy="strict-origin-when-cross-origin" />
      <Marker
        position={[home.latitude, home.longitude]}
        icon={homeIcon}
        title={home.name}
        alt={home.name}
        zIndexOffset={1000}
      >
        <Popup {...POPUP_PAN}>{home.name}</Popup>
      </Marker>
      {tab.places.map((place, index) => (
        <Marker
          key={place.name}
          ref={(marker) => {
            markers.current[index] = marker;
          }}
          position={[place.latitude, place.longitude]}
          icon={numberedIcon(index + 1)}
          title={`${index + 1}. ${place.name}`}
          alt={`${index + 1}. ${place.name}`}
          eventHandlers={{
            click: () => onSelect(index),
            // Closing the window clears the selection, unless another place was chosen meanwhile.
            popupclose: () => onSelect((current) => (current === index ? null : current)),
          }}
        >
          <Popup {...POPUP_PAN}>
            <strong>{place.name}</strong>
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
