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

/**
 * Opening a popup pans the map to show it; the bottom padding keeps the marker under the popup in view too (at
 * the seed's fixed zoom some places lie outside the 30vh map until chosen).
 */
const POPUP_PAN = {
  autoPanPaddingTopLeft: [12, 12] as PointExpression,
  autoPanPaddingBottomRight: [12, 44] as PointExpression,
};

const homeIcon = divIcon({
  className: 'map-marker map-marker-home',
  html: '<span>⌂</span>',
  iconSize: [36, 36],
  iconAnchor: [18, 18],
  popupAnchor: [0, -16],
});

/**
 * The Leaflet map of one tab: numbered markers for its places and one marker for the community. It is keyed by
 * tab, so switching tabs remounts it and resets centre, zoom and markers (seed-spec §4). Loaded lazily.
 */
export default function NearbyMap({ tab, home, tileUrl, attribution, selected, onSelect }: NearbyMapProps) {
  const markers = useRef<(LeafletMarker | null)[]>([]);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const label = `Map of nearby ${tab.label.toLowerCase()}`;
  const center = useMemo(() => {
    const bounds = latLngBounds([[home.latitude, home.longitude]]);
    for (const place of tab.places) bounds.extend([place.latitude, place.longitude]);
    return bounds.getCenter();
  }, [tab, home]);

  useEffect(() => {
    // react-leaflet hands unknown props to Leaflet, not to the DOM: name the focusable map container here.
    const container = map?.getContainer();
    container?.setAttribute('role', 'region');
    container?.setAttribute('aria-label', label);
  }, [map, label]);

  useEffect(() => {
    if (selected === null) return;
    const marker = markers.current[selected];
    if (marker && !marker.isPopupOpen()) marker.openPopup();
  }, [selected]);

  return (
    <MapContainer ref={setMap} center={center} zoom={tab.zoom} scrollWheelZoom={false} className="leaflet-map">
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
