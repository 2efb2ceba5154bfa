// Leaflet's ES module build, as the content editors take it: the public Nearby map's copy (the main entry, with
// react-leaflet) stays whole in its own chunk instead of splitting into one shared with this map (separate-builds.d.ts).
import { divIcon, latLngBounds, map as leafletMap, marker, tileLayer } from 'leaflet/dist/leaflet-src.esm.js';
import { useEffect, useRef } from 'react';
import { homesCount, type HomesMapPlace } from './homes-map-types.js';

export interface HomesMapViewProps {
  places: HomesMapPlace[];
  tileUrl: string;
  attribution: string;
}

function countIcon(count: number) {
  // Only a number goes into the HTML; names reach the DOM as text in the popup.
  const digits = String(Math.min(Math.trunc(Number(count)), 9999));
  const size = 30 + 6 * Math.max(0, digits.length - 2);
  return divIcon({
    className: 'map-marker',
    html: `<span>${digits}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    popupAnchor: [0, -size / 2],
  });
}

/** A place's popup: its name and count, and a link to each of its first homes. */
function popupOf(place: HomesMapPlace): HTMLElement {
  const content = document.createElement('div');
  const heading = document.createElement('strong');
  heading.textContent = `${place.name}: ${homesCount(place.count)}`;
  const list = document.createElement('ul');
  list.className = 'homes-map-homes';
  for (const home of place.homes) {
    const item = document.createElement('li');
    const link = Object.assign(document.createElement('a'), { href: home.url, textContent: home.title });
    item.append(link, home.priceText ? ` · ${home.priceText}` : '');
    list.append(item);
  }
  content.append(heading, list);
  if (place.count > place.homes.length) {
    const more = document.createElement('p');
    more.className = 'homes-map-more';
    const link = Object.assign(document.createElement('a'), {
      href: '#homes-places-heading',
      textContent: `and ${homesCount(place.count - place.homes.length)} more, in the list below`,
    });
    more.append(link);
    content.append(more);
  }
  return content;
}

/** Closest zoom the map opens at: a single place is shown at a town's scale. */
const MAX_ZOOM = 12;

/** Leaflet's map of the places, a pin each with its count (loaded lazily by HomesMap). */
export default function HomesMapView({ places, tileUrl, attribution }: HomesMapViewProps) {
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element || places.length === 0) return;
    const map = leafletMap(element, { scrollWheelZoom: false });
    element.setAttribute('role', 'region');
    element.setAttribute('aria-label', 'Map of the matching homes');
    tileLayer(tileUrl, { attribution, referrerPolicy: 'strict-origin-when-cross-origin' }).addTo(map);
    for (const place of places) {
      const label = `${place.name}: ${homesCount(place.count)}`;
      marker([place.lat, place.lng], { icon: countIcon(place.count), title: label, alt: label })
        .bindPopup(popupOf(place))
        .addTo(map);
    }
    map.fitBounds(latLngBounds(places.map((place) => [place.lat, place.lng])), {
      padding: [40, 40],
      maxZoom: MAX_ZOOM,
      animate: false,
    });
    return () => {
      map.remove();
    };
  }, [places, tileUrl, attribution]);

  return <div ref={frame} className="leaflet-map" />;
}
