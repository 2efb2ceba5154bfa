// Leaflet's ES module build, as the content editors take it: the public Nearby map's copy (the main entry, with
// react-leaflet) stays whole in its own chunk instead of splitting into one shared with this map (separate-builds.d.ts).
import {
  divIcon,
  latLngBounds,
  layerGroup,
  map as leafletMap,
  marker,
  tileLayer,
  type LeafletKeyboardEvent,
  type Map as LeafletMap,
} from 'leaflet/dist/leaflet-src.esm.js';
import Supercluster from 'supercluster';
import { useEffect, useRef, useState } from 'react';
import { homesCount, type HomesMapPlace } from './homes-map-types.js';

export interface HomesMapViewProps {
  places: HomesMapPlace[];
  tileUrl: string;
  attribution: string;
}

function countIcon(count: number, cluster: boolean) {
  // Only a number goes into the HTML; names reach the DOM as text in the popup.
  const digits = String(Math.min(Math.trunc(Number(count)), 9999));
  const size = (cluster ? 38 : 30) + 6 * Math.max(0, digits.length - 2);
  return divIcon({
    className: cluster ? 'map-marker map-cluster' : 'map-marker',
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
/** Places closer than this many pixels on screen are drawn as one cluster (Leaflet.markercluster's default). */
const CLUSTER_RADIUS = 80;
/** From this zoom on, every place is its own pin. */
const CLUSTER_MAX_ZOOM = 14;

interface PlaceProperties {
  place: number;
  count: number;
}
interface ClusterProperties {
  count: number;
}

/** The places as supercluster's index: a cluster's `count` is the sum of its places' homes. */
export function placeIndex(places: readonly HomesMapPlace[]): Supercluster<PlaceProperties, ClusterProperties> {
  const index = new Supercluster<PlaceProperties, ClusterProperties>({
    radius: CLUSTER_RADIUS,
    // Leaflet's tiles are 256 px: the radius is then in screen pixels (supercluster counts 512 to a tile by default).
    extent: 256,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: (properties) => ({ count: properties.count }),
    reduce: (accumulated, properties) => {
      accumulated.count += properties.count;
    },
  });
  index.load(
    places.map((place, number) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [place.lng, place.lat] },
      properties: { place: number, count: place.count },
    })),
  );
  return index;
}

/** Draws the places at the map's zoom: a pin per place, a cluster where they are dense. */
function drawPlaces(map: LeafletMap, places: readonly HomesMapPlace[], index: ReturnType<typeof placeIndex>) {
  const layer = layerGroup();
  // The whole world, not the view: a pan (a popup opening pans to fit) then needs no redraw that would close it.
  const features = index.getClusters([-180, -85, 180, 85], Math.round(map.getZoom()));
  for (const feature of features) {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const { properties } = feature;
    if ('cluster' in properties && properties.cluster) {
      const label = `${properties.point_count} places, ${homesCount(properties.count)}: zoom in`;
      const zoomIn = () => {
        const zoom = Math.min(index.getClusterExpansionZoom(properties.cluster_id), map.getMaxZoom());
        map.setView([lat, lng], zoom);
      };
      marker([lat, lng], { icon: countIcon(properties.count, true), title: label, alt: label, keyboard: true })
        .on('click', zoomIn)
        // Leaflet's markers take Enter only to open a popup: a cluster takes it to zoom in, as a click does.
        .on('keypress', (event) => {
          if ((event as LeafletKeyboardEvent).originalEvent.key === 'Enter') zoomIn();
        })
        .addTo(layer);
    } else if ('place' in properties) {
      const place = places[properties.place];
      if (!place) continue;
      const label = `${place.name}: ${homesCount(place.count)}`;
      marker([lat, lng], { icon: countIcon(place.count, false), title: label, alt: label, keyboard: true })
        .bindPopup(popupOf(place))
        .addTo(layer);
    }
  }
  return layer;
}

/**
 * Leaflet's map of the places (loaded lazily by HomesMap): a pin each with its count, clustered with supercluster
 * where they would overlap, a cluster showing its homes and zooming in when clicked or when Enter is pressed on it.
 * The map stays as the places change (the live search); the pins are drawn again and the view fits them.
 */
export default function HomesMapView({ places, tileUrl, attribution }: HomesMapViewProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<LeafletMap | null>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const created = leafletMap(element, { scrollWheelZoom: false, maxZoom: 18 });
    element.setAttribute('role', 'region');
    element.setAttribute('aria-label', 'Map of the matching homes');
    tileLayer(tileUrl, { attribution, referrerPolicy: 'strict-origin-when-cross-origin' }).addTo(created);
    setMap(created);
    return () => {
      setMap(null);
      created.remove();
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    if (!map || places.length === 0) return;
    // The places' section is hidden while nothing matches: the map's size is read again once it shows.
    map.invalidateSize();
    const index = placeIndex(places);
    map.fitBounds(latLngBounds(places.map((place) => [place.lat, place.lng])), {
      padding: [40, 40],
      maxZoom: MAX_ZOOM,
      animate: false,
    });
    let layer = drawPlaces(map, places, index).addTo(map);
    const redraw = () => {
      layer.remove();
      layer = drawPlaces(map, places, index).addTo(map);
    };
    map.on('zoomend', redraw);
    return () => {
      map.off('zoomend', redraw);
      layer.remove();
    };
  }, [map, places]);

  return <div ref={frame} className="leaflet-map" />;
}
