/** Plain data the Nearby widget receives (mirrors src/content's NearbyTab, kept here so widgets import no server code). */
export interface NearbyPlaceData {
  name: string;
  latitude: number;
  longitude: number;
  address: string;
  distanceMiles: number;
}

export interface NearbyTabData {
  id: string;
  label: string;
  zoom: number;
  places: NearbyPlaceData[];
}

export interface HomeLocation {
  name: string;
  latitude: number;
  longitude: number;
}

export function formatMiles(miles: number): string {
  return `${miles.toFixed(1)} mi`;
}
