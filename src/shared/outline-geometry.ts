/**
 * The lot outline editor's geometry (widgets/OutlineEditor.tsx, decision 054), shared with the server that hands it
 * the outlines: every coordinate is in the drawing's viewBox units, as `PUT /admin/communities/<slug>/outlines`
 * takes them.
 */

export type OutlinePoint = [number, number];

export interface OutlineLot {
  lot: number;
  points: OutlinePoint[];
}

/** The numbers of an SVG coordinate list. */
function numbersIn(text: string): number[] {
  return (text.match(/-?\d*\.?\d+(?:e-?\d+)?/gi) ?? []).map(Number);
}

/**
 * The corners of a lot shape as the outline parser keeps it (content/lot-outlines.ts): a rect's four corners, a
 * polygon's points, a path's coordinate pairs (drawing programs export closed outlines in absolute coordinates).
 */
export function pointsOfShape(kind: string, attributes: Readonly<Record<string, string>>): OutlinePoint[] {
  if (kind === 'rect') {
    const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((name) => Number(attributes[name] ?? 0)) as [
      number,
      number,
      number,
      number,
    ];
    return [
      [x, y],
      [x + width, y],
      [x + width, y + height],
      [x, y + height],
    ];
  }
  const source = kind === 'path' ? (attributes.d ?? '').replace(/[a-zA-Z]/g, ' ') : (attributes.points ?? '');
  const numbers = numbersIn(source);
  const points: OutlinePoint[] = [];
  for (let index = 0; index + 1 < numbers.length; index += 2) points.push([numbers[index]!, numbers[index + 1]!]);
  // A path that returns to its start names the first corner twice.
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 3 && first && last && first[0] === last[0] && first[1] === last[1]) points.pop();
  return points;
}

/** The lowest lot number not drawn yet: lots run 1…N without a gap. */
export function nextFreeLot(lots: readonly OutlineLot[]): number {
  const taken = new Set(lots.map((entry) => entry.lot));
  let lot = 1;
  while (taken.has(lot)) lot += 1;
  return lot;
}

/**
 * The corner of another lot within `radius` of `point`, the nearest, or `point` itself: two lots that share an edge
 * share its corners exactly, so no sliver of drawing shows between them.
 */
export function snapPoint(
  point: OutlinePoint,
  lots: readonly OutlineLot[],
  radius: number,
  exceptLot?: number,
): OutlinePoint {
  let best: OutlinePoint | undefined;
  let bestDistance = radius;
  for (const entry of lots) {
    if (entry.lot === exceptLot) continue;
    for (const corner of entry.points) {
      const distance = Math.hypot(corner[0] - point[0], corner[1] - point[1]);
      if (distance <= bestDistance) {
        best = corner;
        bestDistance = distance;
      }
    }
  }
  return best ? [best[0], best[1]] : point;
}

/** A point kept to the drawing (0…width, 0…height), to a tenth of a unit. */
export function clampPoint([x, y]: OutlinePoint, width: number, height: number): OutlinePoint {
  const round = (value: number) => Math.round(value * 10) / 10;
  return [round(Math.min(width, Math.max(0, x))), round(Math.min(height, Math.max(0, y)))];
}

/** The box around a lot's corners. */
export function boundsOf(points: readonly OutlinePoint[]): { x: number; y: number; width: number; height: number } {
  const xs = points.map((point) => point[0]);
  const ys = points.map((point) => point[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Where a lot's number is written: the average of its corners. */
export function labelOf(points: readonly OutlinePoint[]): OutlinePoint {
  const count = Math.max(1, points.length);
  const sum = points.reduce<OutlinePoint>((total, point) => [total[0] + point[0], total[1] + point[1]], [0, 0]);
  return [Math.round((sum[0] / count) * 10) / 10, Math.round((sum[1] / count) * 10) / 10];
}

/** A lot moved by (dx, dy), kept to the drawing: its whole shape moves, or none of it past the edge. */
export function moveLot(entry: OutlineLot, dx: number, dy: number, width: number, height: number): OutlineLot {
  const box = boundsOf(entry.points);
  const moveX = Math.min(width - box.x - box.width, Math.max(-box.x, dx));
  const moveY = Math.min(height - box.y - box.height, Math.max(-box.y, dy));
  return {
    lot: entry.lot,
    points: entry.points.map(([x, y]) => clampPoint([x + moveX, y + moveY], width, height)),
  };
}

/**
 * A copy of a lot with the next free number, put beside it (to the right, or to the left at the drawing's edge),
 * sharing its edge: the next lot of a row of identical lots, to move into place.
 */
export function copyLot(entry: OutlineLot, lots: readonly OutlineLot[], width: number, height: number): OutlineLot {
  const box = boundsOf(entry.points);
  const right = box.x + 2 * box.width <= width;
  const copy = { lot: nextFreeLot(lots), points: entry.points };
  return moveLot(copy, right ? box.width : -box.width, 0, width, height);
}

/** Lots numbered twice or missing from 1…N, in plain words (what the server would refuse), or none. */
export function numberingProblems(lots: readonly OutlineLot[]): string[] {
  const numbers = lots.map((entry) => entry.lot);
  const twice = [...new Set(numbers.filter((lot, index) => numbers.indexOf(lot) !== index))];
  const highest = Math.max(0, ...numbers);
  const missing: number[] = [];
  for (let lot = 1; lot <= highest; lot += 1) if (!numbers.includes(lot)) missing.push(lot);
  const lotsAre = (lots: number[]) => (lots.length === 1 ? `Lot ${lots[0]} is` : `Lots ${lots.join(', ')} are`);
  return [
    ...(twice.length > 0 ? [`${lotsAre(twice)} drawn twice.`] : []),
    ...(missing.length > 0 ? [`${lotsAre(missing)} not drawn: lots run 1 to ${highest} without a gap.`] : []),
  ];
}
