// React is on the page already (the editor widget): importing it keeps esbuild's module helpers in React's chunk,
// not in a chunk of their own that every page with a widget would load (about 190 bytes gzip more on each).
import 'react';
// Leaflet's ES module build: not shared with the public Nearby map's copy (see separate-builds.d.ts).
import {
  circleMarker,
  control,
  divIcon,
  latLngBounds,
  map as leafletMap,
  marker as leafletMarker,
  tileLayer,
  type LatLngExpression,
  type LeafletMouseEvent,
} from 'leaflet/dist/leaflet-src.esm.js';
import { fieldId, joinPath } from '../src/shared/content-form.js';
import type { ContentEditorMap } from '../src/shared/content-editor-props.js';

/** About a metre: more digits than a pin dropped by hand can mean. */
const DECIMALS = 5;
const pinIcon = divIcon({
  className: 'map-marker map-marker-pick',
  html: '<span>●</span>',
  iconSize: [30, 30],
  iconAnchor: [15, 15],
});
const homeIcon = divIcon({ className: 'map-marker map-marker-home', html: '<span>⌂</span>', iconSize: [28, 28] });

function inputOf(path: string, key: 'latitude' | 'longitude'): HTMLInputElement | null {
  return document.getElementById(fieldId(joinPath(path, key))) as HTMLInputElement | null;
}

function pointOf(latitude: HTMLInputElement | null, longitude: HTMLInputElement | null): [number, number] | null {
  const lat = Number(latitude?.value.trim() || NaN);
  const lng = Number(longitude?.value.trim() || NaN);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return [lat, lng];
}

/** Links Leaflet's stylesheet once and resolves when it applies (a map drawn before it would lay out wrong). */
function stylesheetLoaded(href: string): Promise<void> {
  if (!href) return Promise.resolve();
  const existing = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`);
  if (existing?.sheet) return Promise.resolve();
  const link = existing ?? Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  if (!existing) document.head.append(link);
  return loaded;
}

/** What a map of one point writes to and draws beside it. */
export interface PinMapTarget {
  latitude: HTMLInputElement;
  longitude: HTMLInputElement;
  /** What the pin marks ("the community", "Pine Terrace"). */
  name: string;
  /** Where the map opens while the fields hold no point. */
  start: [number, number];
  /** The community's own place (⌂) and other points (dots) drawn for scale; none on a new community's form. */
  home?: [number, number];
  others?: [number, number][];
  caption: string;
}

/**
 * A small map of one point in `holder`: the pin at the typed coordinates, moved by typing; a click or a drag of the
 * pin writes both fields. Without tiles (offline, a blocked tile host) the map still shows where the point lies
 * against the others drawn, on a plain background with a scale, and says that the tiles did not load.
 */
export function drawPinMap(
  holder: HTMLElement,
  target: PinMapTarget,
  options: Pick<ContentEditorMap, 'tileUrl' | 'attribution'>,
): () => void {
  const { latitude, longitude, name } = target;
  const frame = document.createElement('div');
  frame.className = 'content-point-frame';
  const caption = document.createElement('p');
  caption.className = 'field-hint content-point-caption';
  caption.textContent = target.caption;
  holder.replaceChildren(frame, caption);

  const here = pointOf(latitude, longitude) ?? target.start;
  const map = leafletMap(frame, { scrollWheelZoom: false, zoomSnap: 0.5 });
  frame.setAttribute('role', 'region');
  frame.setAttribute('aria-label', `Map of ${name}: click to set its latitude and longitude`);
  const tiles = tileLayer(options.tileUrl, {
    attribution: options.attribution,
    referrerPolicy: 'strict-origin-when-cross-origin',
  }).addTo(map);
  tiles.once('tileerror', () => {
    frame.classList.add('is-offline');
    caption.textContent += ' The map’s background could not load: the pin’s place against the others still holds.';
  });
  control.scale({ imperial: true, metric: false }).addTo(map);

  const others: LatLngExpression[] = [];
  if (target.home) {
    leafletMarker(target.home, { icon: homeIcon, interactive: false, keyboard: false }).addTo(map);
    others.push(target.home);
  }
  for (const point of target.others ?? []) {
    circleMarker(point, { radius: 5, color: '#1f4d3a', weight: 2, fillOpacity: 0.6, interactive: false }).addTo(map);
    others.push(point);
  }
  map.fitBounds(latLngBounds([here, ...others]), {
    // Clear of the zoom buttons (top left) and the scale and attribution (bottom).
    paddingTopLeft: [64, 24],
    paddingBottomRight: [24, 36],
    maxZoom: 14,
    animate: false,
  });

  const pin = leafletMarker(here, { icon: pinIcon, draggable: true, title: `Pin of ${name}`, alt: `Pin of ${name}` });
  pin.addTo(map);

  function write(lat: number, lng: number) {
    latitude.value = lat.toFixed(DECIMALS);
    longitude.value = lng.toFixed(DECIMALS);
    for (const input of [latitude, longitude]) {
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
  map.on('click', (event: LeafletMouseEvent) => {
    pin.setLatLng(event.latlng);
    write(event.latlng.lat, event.latlng.lng);
  });
  pin.on('dragend', () => {
    const { lat, lng } = pin.getLatLng();
    write(lat, lng);
  });
  const onTyped = () => {
    const point = pointOf(latitude, longitude);
    if (!point) return;
    pin.setLatLng(point);
    if (!map.getBounds().contains(point)) map.panTo(point, { animate: false });
  };
  latitude.addEventListener('input', onTyped);
  longitude.addEventListener('input', onTyped);
  return () => {
    latitude.removeEventListener('input', onTyped);
    longitude.removeEventListener('input', onTyped);
    map.remove();
  };
}

/**
 * The map of one point of a content form (`holder` is the server's empty place for it, right after the longitude),
 * with the community and the list's other points drawn for scale.
 */
function drawPointMap(holder: HTMLElement, options: ContentEditorMap): () => void {
  const path = holder.dataset.point ?? '';
  const latitude = inputOf(path, 'latitude');
  const longitude = inputOf(path, 'longitude');
  if (!latitude || !longitude) return () => undefined;
  const item = holder.closest<HTMLElement>('[data-item]');
  const name = item?.querySelector('legend')?.textContent ?? 'the community';
  const home: [number, number] = [options.home.latitude, options.home.longitude];
  const others: [number, number][] = [];
  if (path !== '') {
    const list = holder.closest<HTMLElement>('ol[data-list]');
    for (const sibling of list?.querySelectorAll<HTMLElement>('.content-point-map') ?? []) {
      if (sibling === holder) continue;
      const siblingPath = sibling.dataset.point ?? '';
      const point = pointOf(inputOf(siblingPath, 'latitude'), inputOf(siblingPath, 'longitude'));
      if (point) others.push(point);
    }
  }
  return drawPinMap(
    holder,
    {
      latitude,
      longitude,
      name,
      start: home,
      ...(path === '' ? {} : { home, others }),
      caption:
        'Click the map or drag the pin to set both numbers above; typing them moves the pin.' +
        (path === '' ? '' : ' ⌂ is the community, dots are the other places of this list.'),
    },
    options,
  );
}

/** Links Leaflet's stylesheet (the map's own lays it out), resolving once it applies. */
export const leafletStylesheetLoaded = stylesheetLoaded;

/**
 * Draws the map of every point in the form once it comes near the viewport (a nearby section has a dozen places,
 * most far down the page). Returns what removes them. (Its own observer rather than when-near-viewport.ts: sharing
 * that module with the public Nearby widget would split it into a chunk of its own, one more file on /site-plan.)
 */
export function enablePointMaps(form: HTMLFormElement, options: ContentEditorMap): () => void {
  const undo: (() => void)[] = [];
  let stopped = false;
  const ready = stylesheetLoaded(options.stylesheet);
  const draw = (holder: HTMLElement) =>
    void ready.then(() => {
      if (!stopped) undo.push(drawPointMap(holder, options));
    });
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        draw(entry.target as HTMLElement);
      }
    },
    { rootMargin: '200px' },
  );
  for (const holder of form.querySelectorAll<HTMLElement>('.content-point-map')) {
    // Shown at its size now (a hidden box never comes near the viewport), drawn when it does.
    holder.hidden = false;
    observer.observe(holder);
  }
  return () => {
    stopped = true;
    observer.disconnect();
    for (const step of undo) step();
  };
}
