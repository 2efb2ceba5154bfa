/**
 * Small standalone SVG logos (partners, lenders, builder) and the site icons.
 * The SVGs are hand-sized to stay well under 3 KB each.
 */
import { C, esc } from './svg.js';

const LOGO_FONT = 'system-ui, sans-serif';

function logoSvg(w: number, h: number, title: string, body: string): string {
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-labelledby="${id}-title">` +
    `<title id="${id}-title">${esc(title)}</title>` +
    body +
    '</svg>\n'
  );
}

function words(x: number, y: number, s: string, size: number, fill: string, weight = 700, spacing = 0): string {
  const ls = spacing === 0 ? '' : ` letter-spacing="${spacing}"`;
  return `<text x="${x}" y="${y}" font-family="${LOGO_FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}"${ls}>${esc(s)}</text>`;
}

/** Evergreen Realty Group: stacked evergreen mark. */
export function partnerEvergreen(): string {
  const mark =
    '<g transform="translate(10 10)">' +
    `<rect width="60" height="60" rx="14" fill="${C.forest}"/>` +
    '<path d="M30 9 L44 27 H37 L48 41 H38 L50 53 H10 L22 41 H12 L23 27 H16 Z" fill="#e9dcc3"/>' +
    `<rect x="27" y="50" width="6" height="6" fill="${C.terracotta}"/>` +
    '</g>';
  return logoSvg(
    240,
    80,
    'Evergreen Realty Group',
    mark + words(82, 40, 'Evergreen', 22, C.forest) + words(83, 58, 'REALTY GROUP', 10.5, C.slate, 600, 2.4),
  );
}

/** Hollow Creek HOA: circular badge with a creek and leaf. */
export function partnerHollowCreek(): string {
  const mark =
    `<circle cx="40" cy="40" r="30" fill="none" stroke="${C.forest}" stroke-width="4"/>` +
    '<path d="M16 46 q6 -6 12 0 t12 0 t12 0 t12 0" fill="none" stroke="#3b7fa6" stroke-width="4" stroke-linecap="round"/>' +
    '<path d="M20 56 q6 -6 12 0 t12 0 t12 0 t8 -2" fill="none" stroke="#7fb2c9" stroke-width="3" stroke-linecap="round"/>' +
    `<path d="M40 15 C52 20 52 33 40 38 C28 33 28 20 40 15 Z" fill="${C.forest}"/>` +
    '<path d="M40 19 V36" stroke="#e9dcc3" stroke-width="2"/>';
  return logoSvg(
    240,
    80,
    'Hollow Creek HOA',
    mark + words(80, 40, 'Hollow Creek', 17.5, C.slate) + words(81, 57, 'HOMEOWNERS ASSOC.', 9, C.forest, 600, 1),
  );
}

/** Keystone Home Lending: keystone mark. */
export function lenderKeystone(): string {
  const mark =
    `<path d="M14 18 H66 L56 64 H24 Z" fill="${C.slate}"/>` +
    `<path d="M26 18 H54 L48 48 H32 Z" fill="${C.terracotta}"/>` +
    '<path d="M33 33 L40 27 L47 33 V42 H33 Z" fill="#faf7f0"/>';
  return logoSvg(
    240,
    80,
    'Keystone Home Lending',
    mark + words(80, 40, 'Keystone', 24, C.slate) + words(81, 58, 'HOME LENDING', 10.5, C.terracotta, 700, 2.2),
  );
}

/** Bluewater Mortgage: wave-in-drop mark. */
export function lenderBluewater(): string {
  const mark =
    '<path d="M40 10 C52 28 62 38 62 50 A22 22 0 0 1 18 50 C18 38 28 28 40 10 Z" fill="#2f6f9a"/>' +
    '<path d="M22 52 q6 -6 12 0 t12 0 t12 0" fill="none" stroke="#faf7f0" stroke-width="3.5" stroke-linecap="round"/>' +
    '<path d="M25 61 q6 -5 11 0 t11 0 t9 -1" fill="none" stroke="#a9d0e4" stroke-width="3" stroke-linecap="round"/>';
  return logoSvg(
    240,
    80,
    'Bluewater Mortgage',
    mark + words(78, 42, 'Bluewater', 22.5, '#1f4f72') + words(79, 60, 'MORTGAGE', 11, C.slate, 600, 3.5),
  );
}

/** Summit Lane Homes: roofline-over-mountain mark with wordmark. */
export function builderLogo(): string {
  const mark =
    '<g transform="translate(4 0)">' +
    `<path d="M6 48 L26 20 L34 31 L42 14 L62 48 Z" fill="${C.forest}"/>` +
    '<path d="M36 24 L42 14 L48 24 L44 22 L42 26 L40 22 Z" fill="#faf7f0"/>' +
    `<path d="M2 50 L32 34 L62 50" fill="none" stroke="${C.terracotta}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>` +
    '</g>';
  return logoSvg(
    240,
    60,
    'Summit Lane Homes',
    mark + words(76, 34, 'Summit Lane', 19.5, C.forest) + words(77, 51, 'HOMES', 11.5, C.terracotta, 700, 5),
  );
}

/** House mark used for the favicon and app icons. `rounded` adds a rounded-square tile. */
export function houseIconSvg(size: number, rounded: boolean): string {
  const r = rounded ? 14 : 0;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">` +
    '<title>Maple Hollow</title>' +
    `<rect width="64" height="64" rx="${r}" fill="${C.forest}"/>` +
    '<path d="M32 12 L54 30 H48 V52 H16 V30 H10 Z" fill="#faf7f0"/>' +
    `<rect x="27" y="36" width="10" height="16" rx="1.5" fill="${C.terracotta}"/>` +
    `<rect x="20" y="34" width="5" height="5" fill="${C.forest}"/><rect x="39" y="34" width="5" height="5" fill="${C.forest}"/>` +
    '</svg>\n'
  );
}

/** Same mark with a safe-zone margin, for full-bleed app icons (maskable-friendly). */
export function appIconSvg(size: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">` +
    `<rect width="64" height="64" fill="${C.forest}"/>` +
    '<g transform="translate(32 33) scale(0.78) translate(-32 -32)">' +
    '<path d="M32 12 L54 30 H48 V52 H16 V30 H10 Z" fill="#faf7f0"/>' +
    `<rect x="27" y="36" width="10" height="16" rx="1.5" fill="${C.terracotta}"/>` +
    `<rect x="20" y="34" width="5" height="5" fill="${C.forest}"/><rect x="39" y="34" width="5" height="5" fill="${C.forest}"/>` +
    '</g></svg>'
  );
}

/** Wrap PNG images in an ICO container (PNG-compressed entries, Vista+). */
export function pngsToIco(images: ReadonlyArray<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const img of images) {
    const e = Buffer.alloc(16);
    e.writeUInt8(img.size >= 256 ? 0 : img.size, 0);
    e.writeUInt8(img.size >= 256 ? 0 : img.size, 1);
    e.writeUInt8(0, 2);
    e.writeUInt8(0, 3);
    e.writeUInt16LE(1, 4);
    e.writeUInt16LE(32, 6);
    e.writeUInt32LE(img.png.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += img.png.length;
    entries.push(e);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}
