import type { Content } from '../content/index.js';

/** The sales center's address on one line, as the manage page, the calendar file and the confirmation show it. */
export function salesCenterAddress(content: Content): string {
  const { address } = content.community;
  return `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
}

/** Directions to the community: a link that needs no API key and works on any device. */
export function salesCenterDirections(content: Content): string {
  return `https://www.openstreetmap.org/directions?to=${content.community.latitude}%2C${content.community.longitude}`;
}
