/** Illustrated (non-photographic) portrait of a friendly sales counselor (900×1100). */
import { C, Defs, type Scene, circle, ellipse, group, path, rect, text } from './svg.js';

const SKIN = '#e2ad88';
const SKIN_SHADE = '#cc9270';
const HAIR = '#4a3226';
const HAIR_LIGHT = '#654634';

function backdrop(defs: Defs, W: number, H: number): string {
  let o = rect(
    0,
    0,
    W,
    H,
    defs.linear([
      [0, '#f3ecdd'],
      [1, '#e6d8bd'],
    ]),
  );
  // A soft arch window with a sage landscape, echoing the model-home artwork.
  const ax = 150;
  const aw = 600;
  const ay = 140;
  const clip = defs.clip(
    path(
      `M${ax} 1100 L${ax} ${ay + aw / 2} A${aw / 2} ${aw / 2} 0 0 1 ${ax + aw} ${ay + aw / 2} L${ax + aw} 1100 Z`,
      '#000',
    ),
  );
  let inner = rect(
    ax,
    ay,
    aw,
    1000,
    defs.linear([
      [0, '#cfe0e6'],
      [1, '#f3e6cf'],
    ]),
  );
  inner += path(
    `M${ax} 760 Q ${ax + 150} 690 ${ax + 300} 730 T ${ax + 600} 700 L ${ax + 600} 1100 L ${ax} 1100 Z`,
    '#b8c9a8',
  );
  inner += path(
    `M${ax} 820 Q ${ax + 200} 760 ${ax + 380} 800 T ${ax + 600} 790 L ${ax + 600} 1100 L ${ax} 1100 Z`,
    '#9fb78f',
  );
  for (const [x, y, r] of [
    [ax + 70, 690, 60],
    [ax + 540, 670, 70],
    [ax + 470, 720, 45],
  ] as const) {
    inner += rect(x - 5, y, 10, 90, '#8a6a52') + circle(x, y - r * 0.4, r, '#8fae80');
  }
  o += group(inner, { 'clip-path': clip });
  o += path(
    `M${ax} 1100 L${ax} ${ay + aw / 2} A${aw / 2} ${aw / 2} 0 0 1 ${ax + aw} ${ay + aw / 2} L${ax + aw} 1100`,
    'none',
    { stroke: C.cream, 'stroke-width': 16 },
  );
  return o;
}

function hairBack(): string {
  return path(
    'M300 470 C 280 300, 380 250, 455 252 C 560 250, 640 320, 612 500 C 600 600, 640 700, 600 790 L 300 790 C 262 700, 305 600, 300 470 Z',
    HAIR,
  );
}

function body(): string {
  // Blazer, blouse and lapels.
  let o = path('M50 1100 C 60 900, 170 795, 372 762 L 450 790 L 528 762 C 730 795, 840 900, 850 1100 Z', C.forest);
  o += path('M388 760 L 450 925 L 512 760 Z', '#f6efe1');
  o += path('M372 762 L 450 930 L 408 972 L 328 830 L 362 782 Z', '#173a2c');
  o += path('M528 762 L 450 930 L 492 972 L 572 830 L 538 782 Z', '#173a2c');
  o += path('M408 762 Q 450 810 492 762 L 492 752 L 408 752 Z', SKIN_SHADE);
  // Name badge.
  o += rect(590, 880, 128, 40, C.cream, { rx: 6 }) + rect(590, 880, 8, 40, C.terracotta, { rx: 3 });
  o += text(658, 898, 'SUMMIT LANE', { size: 11, weight: 'bold', anchor: 'middle', fill: C.forest, spacing: 1 });
  o += text(658, 913, 'HOMES', { size: 10, anchor: 'middle', fill: C.forest, spacing: 2 });
  // Necklace.
  o +=
    path('M412 768 Q 450 842 488 768', 'none', { stroke: '#d7b56a', 'stroke-width': 3 }) +
    circle(450, 810, 7, '#d7b56a');
  return o;
}

function head(): string {
  let o = rect(408, 600, 84, 180, SKIN, { rx: 36 });
  o += path('M408 640 Q 450 700 492 640 L 492 690 Q 450 720 408 690 Z', SKIN_SHADE);
  // Ears with small earrings.
  o += ellipse(322, 500, 22, 36, SKIN_SHADE) + ellipse(578, 500, 22, 36, SKIN_SHADE);
  o += circle(322, 548, 8, '#d7b56a') + circle(578, 548, 8, '#d7b56a');
  // Face.
  o += path(
    'M318 460 C 318 350, 375 300, 450 300 C 525 300, 582 350, 582 460 C 582 570, 530 650, 450 652 C 370 650, 318 570, 318 460 Z',
    SKIN,
  );
  // Hair fringe, swept to one side.
  o += path(
    'M310 470 C 300 330, 380 262, 460 262 C 560 262, 610 330, 596 470 C 590 410, 560 360, 520 345 C 470 390, 390 400, 330 395 C 318 420, 314 445, 310 470 Z',
    HAIR,
  );
  o += path('M380 300 C 430 275, 520 280, 560 320', 'none', {
    stroke: HAIR_LIGHT,
    'stroke-width': 8,
    'stroke-linecap': 'round',
  });
  // Brows, eyes, nose, cheeks and smile.
  o += path('M372 438 Q 398 424 424 436', 'none', { stroke: HAIR, 'stroke-width': 8, 'stroke-linecap': 'round' });
  o += path('M476 436 Q 502 424 528 438', 'none', { stroke: HAIR, 'stroke-width': 8, 'stroke-linecap': 'round' });
  o += ellipse(399, 478, 12, 14, '#2b2420') + ellipse(501, 478, 12, 14, '#2b2420');
  o += circle(403, 473, 4, '#ffffff') + circle(505, 473, 4, '#ffffff');
  o += path('M378 470 Q 399 458 420 470', 'none', { stroke: '#2b2420', 'stroke-width': 3, 'stroke-linecap': 'round' });
  o += path('M480 470 Q 501 458 522 470', 'none', { stroke: '#2b2420', 'stroke-width': 3, 'stroke-linecap': 'round' });
  o += path('M452 500 Q 446 530 440 540 Q 452 548 464 542', 'none', {
    stroke: SKIN_SHADE,
    'stroke-width': 5,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });
  o += circle(368, 548, 26, '#ea9a84', { opacity: 0.35 }) + circle(532, 548, 26, '#ea9a84', { opacity: 0.35 });
  o += path('M402 575 Q 450 628 498 575 Q 450 592 402 575 Z', '#a8463a');
  o += path('M412 580 Q 450 594 488 580 Q 486 590 478 594 Q 450 600 422 594 Q 414 590 412 580 Z', '#ffffff');
  return o;
}

export function counselorPortrait(): Scene {
  const W = 900;
  const H = 1100;
  const defs = new Defs();
  return { width: W, height: H, defs, body: backdrop(defs, W, H) + hairBack() + body() + head() };
}
