/** The special-offer flyer (1200×1500). */
import { C, Defs, type Scene, circle, group, path, rect, rng, text, translate } from './svg.js';
import { cloud, hills, shrubRow, sky, sun, tree, TREE_GREEN } from './nature.js';
import { STYLE_SWEETWATER, cottageHouse } from './houses.js';

/** A small "Maple Hollow" yard sign. */
function yardSign(x: number, ground: number): string {
  return (
    rect(x - 4, ground - 120, 8, 120, '#f4efe3') +
    rect(x - 4, ground - 120, 90, 8, '#f4efe3') +
    rect(x + 18, ground - 112, 60, 40, C.forest, { rx: 3 }) +
    text(x + 48, ground - 95, 'MAPLE', { size: 11, weight: 'bold', anchor: 'middle', fill: C.cream }) +
    text(x + 48, ground - 80, 'HOLLOW', { size: 11, weight: 'bold', anchor: 'middle', fill: C.cream })
  );
}

/** Arch-framed illustration of a new home for the flyer. */
function flyerVignette(defs: Defs, x: number, y: number, w: number, h: number): string {
  const r = rng(515);
  const clip = defs.clip(
    path(
      `M${x} ${y + h} L${x} ${y + w / 2} A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y + w / 2} L${x + w} ${y + h} Z`,
      '#000',
    ),
  );
  let s = translate(x, y, sky(defs, w, h, 'sunrise'));
  s += sun(defs, x + w * 0.78, y + h * 0.46, 34, '#fff1cf', 5, 0.6);
  s += cloud(x + w * 0.25, y + h * 0.3, 200, '#fdf1e8', 0.8);
  s += hills(w, y + h * 0.62, 16, 1.3, '#a9b9a0', y + h, 1.5, x);
  s += rect(x, y + h * 0.68, w, h * 0.32, '#8fb56b');
  const house = cottageHouse(defs, {
    ...STYLE_SWEETWATER,
    wall: '#e8dcc4',
    wallLine: '#d8c9ab',
    accent: C.forest,
    door: C.terracotta,
  });
  const scale = (w * 0.62) / house.width;
  const hx = x + w * 0.2;
  const ground = y + h * 0.84;
  s += path(
    `M${hx + house.doorX * scale - 14} ${ground} L${hx + house.doorX * scale + 14} ${ground} L${hx + house.doorX * scale + 40} ${y + h} L${hx + house.doorX * scale - 40} ${y + h} Z`,
    '#e9e2d3',
  );
  s += translate(hx, ground, house.svg, scale);
  s += shrubRow(hx + 4, hx + w * 0.62 - 4, ground + 4, 30, '#5f8d4d', '#4c7640', '#f2c9d2', r, [
    [hx + house.doorX * scale - 30, hx + house.doorX * scale + 30],
  ]);
  s += tree(x + w * 0.1, y + h * 0.9, 230, TREE_GREEN) + tree(x + w * 0.93, y + h * 0.95, 260, TREE_GREEN);
  s += yardSign(x + w * 0.74, y + h * 0.96);
  return (
    group(s, { 'clip-path': clip }) +
    path(
      `M${x} ${y + h} L${x} ${y + w / 2} A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y + w / 2} L${x + w} ${y + h} Z`,
      'none',
      { stroke: C.cream, 'stroke-width': 14 },
    ) +
    path(
      `M${x - 14} ${y + h + 7} L${x - 14} ${y + w / 2} A${w / 2 + 14} ${w / 2 + 14} 0 0 1 ${x + w + 14} ${y + w / 2} L${x + w + 14} ${y + h + 7}`,
      'none',
      { stroke: C.sandDark, 'stroke-width': 3 },
    )
  );
}

function leafRule(cx: number, y: number, w: number): string {
  const leaf = (x: number, dir: 1 | -1): string =>
    path(`M${x} ${y} q ${12 * dir} -14 ${26 * dir} -4 q ${-12 * dir} 14 ${-26 * dir} 4 z`, C.terracotta);
  return (
    rect(cx - w / 2, y - 1, w / 2 - 40, 2, C.sandDark) +
    rect(cx + 40, y - 1, w / 2 - 40, 2, C.sandDark) +
    leaf(cx - 4, -1) +
    leaf(cx + 4, 1) +
    circle(cx, y, 4, C.forest)
  );
}

export function specialOfferFlyer(): Scene {
  const W = 1200;
  const H = 1500;
  const defs = new Defs();
  const cx = W / 2;
  let o = rect(0, 0, W, H, C.cream);
  o += rect(28, 28, W - 56, H - 56, 'none', { stroke: C.sand, 'stroke-width': 4, rx: 18 });
  // Header band.
  o += rect(0, 0, W, 150, C.forest);
  o += text(cx, 62, 'SUMMIT LANE HOMES', { size: 20, weight: 'bold', anchor: 'middle', fill: C.sand, spacing: 6 });
  o += text(cx, 118, 'Maple Hollow', { size: 44, weight: 'bold', anchor: 'middle', fill: C.cream, spacing: 1 });
  // Headline.
  o += text(cx, 262, 'Limited-Time Offer', { size: 84, weight: 'bold', anchor: 'middle', fill: C.forest });
  o += leafRule(cx, 312, 520);
  // Illustration.
  o += flyerVignette(defs, 230, 360, 740, 470);
  // Offer.
  o += text(cx, 925, 'Up to', { size: 44, anchor: 'middle', fill: C.slate });
  o += text(cx, 1055, '$15,000', { size: 150, weight: 'bold', anchor: 'middle', fill: C.terracotta });
  o += text(cx, 1125, 'toward closing costs*', { size: 50, weight: 'bold', anchor: 'middle', fill: C.slate });
  o += text(cx, 1188, 'on select homesites at Maple Hollow', {
    size: 36,
    anchor: 'middle',
    fill: C.forest,
    italic: true,
  });
  // Call to action.
  o += rect(cx - 380, 1232, 760, 110, C.forest, { rx: 55 });
  o += text(cx, 1280, 'Visit the Maple Hollow Model Homes', {
    size: 30,
    weight: 'bold',
    anchor: 'middle',
    fill: C.cream,
  });
  o += text(cx, 1318, 'Talk with a sales counselor about this month’s homesites', {
    size: 20,
    anchor: 'middle',
    fill: C.sand,
  });
  // Fine print.
  o += text(cx, 1420, '*Sample offer for demonstration. See a Summit Lane Homes sales counselor for details.', {
    size: 19,
    anchor: 'middle',
    fill: '#59626e',
  });
  return { width: W, height: H, defs, body: o };
}
