/** Outdoor scenes: the four carousel heroes and the three model-home exteriors. */
import { C, Defs, type Scene, circle, ellipse, mix, path, poly, rect, rng, translate } from './svg.js';
import {
  SKIES,
  TREE_AUTUMN,
  TREE_GREEN,
  TREE_OLIVE,
  type TimeOfDay,
  type TreeColors,
  cloud,
  columnTree,
  conifer,
  darkenTree,
  grassTuft,
  hills,
  mailbox,
  shrubRow,
  sky,
  streakCloud,
  street,
  streetLamp,
  sun,
  tree,
  treeLine,
} from './nature.js';
import {
  type HouseModel,
  type HouseStyle,
  STYLE_CANYON,
  STYLE_SILVERWOOD,
  STYLE_SWEETWATER,
  cottageHouse,
  craftsmanHouse,
  farmhouse,
  ranchHouse,
  tintStyle,
} from './houses.js';

type HouseFactory = (defs: Defs, s: HouseStyle) => HouseModel;

interface Placement {
  factory: HouseFactory;
  style: HouseStyle;
  /** Left edge in scene coordinates. */
  x: number;
  ground: number;
  scale: number;
}

/** Draw a house with its driveway and front walk running down to `walkY`. */
function placeHouse(defs: Defs, p: Placement, walkY: number, paving: string): { svg: string; model: HouseModel } {
  const model = p.factory(defs, p.style);
  let ground = '';
  const gx = model.garageX;
  if (gx !== null) {
    const cx = p.x + gx * p.scale;
    const top = (model.garageW / 2 + 6) * p.scale;
    const bottom = top * 1.25;
    ground += poly(
      [
        [cx - top, p.ground],
        [cx + top, p.ground],
        [cx + bottom, walkY],
        [cx - bottom, walkY],
      ],
      paving,
    );
    ground += poly(
      [
        [cx - 1.5, p.ground],
        [cx + 1.5, p.ground],
        [cx + 2, walkY],
        [cx - 2, walkY],
      ],
      mix(paving, '#000000', 0.12),
    );
  }
  const dx = p.x + model.doorX * p.scale;
  const ww = 26 * p.scale;
  ground += poly(
    [
      [dx - ww, p.ground + 6 * p.scale],
      [dx + ww, p.ground + 6 * p.scale],
      [dx + ww * 1.3, walkY],
      [dx - ww * 1.3, walkY],
    ],
    mix(paving, '#ffffff', 0.15),
  );
  return { svg: ground + translate(p.x, p.ground, model.svg, p.scale), model };
}

function lawn(defs: Defs, w: number, top: number, bottom: number, light: string, dark: string): string {
  return rect(
    0,
    top,
    w,
    bottom - top,
    defs.linear([
      [0, light],
      [1, dark],
    ]),
  );
}

/** Subtle light overlay for dusk/golden scenes. */
function wash(defs: Defs, w: number, h: number, color: string, opacity: number, fromLeft = true): string {
  return rect(
    0,
    0,
    w,
    h,
    defs.linear(
      [
        [0, color, opacity],
        [1, color, 0],
      ],
      fromLeft ? [0, 0, 1, 0] : [1, 0, 0, 0],
    ),
  );
}

// ---------------------------------------------------------------------------
// Carousel heroes (1600×900). The left-middle area stays calm for a title.
// ---------------------------------------------------------------------------

/** Carousel 1: a street of homes at sunrise. */
export function carouselSunriseStreet(): Scene {
  const W = 1600;
  const H = 900;
  const defs = new Defs();
  const r = rng(11);
  const look = SKIES.sunrise;
  let o = sky(defs, W, H, 'sunrise');
  o += sun(defs, 250, 560, 46, look.sun, 7, 0.6);
  o +=
    streakCloud(80, 300, 380, look.cloud, 0.55) +
    streakCloud(520, 180, 300, look.cloud, 0.45) +
    cloud(1180, 150, 260, look.cloud, 0.8) +
    cloud(1450, 240, 180, look.cloud, 0.7);
  o += hills(W, 585, 22, 0.6, mix('#9fb0a5', look.haze, 0.5), H, 1.6);
  o += treeLine(0, W, 618, 40, mix(C.leafDark, look.haze, 0.55), r);
  o += lawn(defs, W, 610, H, '#9bb77a', '#6f9556');
  const walkY = 790;
  const tint = (s: HouseStyle): HouseStyle => tintStyle(s, '#f2c9a6', 0.12);
  const homes: Placement[] = [
    {
      factory: cottageHouse,
      style: tint({ ...STYLE_SWEETWATER, wall: '#cfd9de', wallLine: '#bccad0', accent: '#50687a' }),
      x: 610,
      ground: 700,
      scale: 0.46,
    },
    { factory: farmhouse, style: tint(STYLE_SILVERWOOD), x: 905, ground: 700, scale: 0.47 },
    {
      factory: craftsmanHouse,
      style: tint({ ...STYLE_SWEETWATER, wall: '#b9a27f', wallLine: '#a88f6c', accent: '#6f7f62' }),
      x: 1290,
      ground: 700,
      scale: 0.48,
    },
  ];
  const paving = mix(C.concrete, '#f2c9a6', 0.15);
  for (const h of homes) o += placeHouse(defs, h, walkY, paving).svg;
  o += shrubRow(615, 1590, 706, 26, '#5c8a4f', '#4a7341', '#e4a0a0', r, [
    [700, 760],
    [1060, 1180],
    [1390, 1430],
    [1540, 1600],
  ]);
  o += street(W, walkY, 828, H, { walk: mix(C.concrete, '#f2c9a6', 0.15), asphalt: '#6a6a6e' });
  o += tree(878, 762, 200, TREE_GREEN) + tree(1262, 772, 215, { ...TREE_GREEN, leaf: '#6d9a55', leafLight: '#8fb671' });
  o += conifer(570, 700, 170, darkenTree(TREE_GREEN, '#f2c9a6', 0.1));
  o += mailbox(1210, 785, 40, C.slate);
  o += streetLamp(defs, 1118, 800, 150, false);
  o += wash(defs, W, H, '#ffe1bf', 0.25);
  return { width: W, height: H, defs, body: o };
}

/** Carousel 2: a single home at golden hour. */
export function carouselGoldenHome(): Scene {
  const W = 1600;
  const H = 900;
  const defs = new Defs();
  const r = rng(22);
  const look = SKIES.golden;
  let o = sky(defs, W, H, 'golden');
  o += sun(defs, 520, 610, 60, look.sun, 6, 0.7);
  o +=
    streakCloud(60, 240, 420, look.cloud, 0.5) +
    streakCloud(900, 120, 360, look.cloud, 0.45) +
    cloud(1300, 200, 240, look.cloud, 0.6);
  o += hills(W, 640, 30, 2.2, mix('#8e7f78', look.haze, 0.45), H, 1.3);
  o += treeLine(0, W, 668, 46, mix('#4a5b3f', look.haze, 0.45), r);
  o += lawn(defs, W, 660, H, '#b1b56a', '#738d4c');
  const style = tintStyle(
    { ...STYLE_CANYON, wall: '#e8d2b0', roof: '#4e5560', roofLine: '#434952', accent: '#35564a' },
    '#ffb070',
    0.15,
  );
  o += placeHouse(defs, { factory: ranchHouse, style, x: 820, ground: 745, scale: 0.88 }, H + 20, '#e3c9a6').svg;
  o += shrubRow(825, 1525, 748, 34, '#6f8f4a', '#566f39', '#f0c36a', r);
  o += tree(1545, 780, 330, darkenTree(TREE_GREEN, '#ffb070', 0.15));
  o += columnTree(790, 752, 170, darkenTree(TREE_OLIVE, '#ffb070', 0.15));
  for (let i = 0; i < 9; i++) o += grassTuft(700 + i * 14, 800 + (i % 3) * 8, 34, '#c7a75f');
  // Long golden-hour shadows falling to the right.
  o += poly(
    [
      [820, 752],
      [1525, 752],
      [1600, 800],
      [1600, 840],
      [900, 790],
    ],
    '#3e4a2a',
    { opacity: 0.12 },
  );
  o += wash(defs, W, H, '#ffc27a', 0.3);
  return { width: W, height: H, defs, body: o };
}

/** Carousel 3: the community park and pond with homes behind. */
export function carouselParkPond(): Scene {
  const W = 1600;
  const H = 900;
  const defs = new Defs();
  const r = rng(33);
  const look = SKIES.day;
  let o = sky(defs, W, H, 'day');
  o +=
    cloud(300, 170, 300, look.cloud, 0.9) +
    cloud(900, 110, 220, look.cloud, 0.85) +
    cloud(1350, 200, 320, look.cloud, 0.9);
  o += hills(W, 470, 30, 1.1, mix('#8fae8c', look.haze, 0.55), H, 1.7);
  o += treeLine(0, W, 500, 44, mix(C.leaf, look.haze, 0.5), r);
  o += lawn(defs, W, 490, H, '#93b96f', '#5f8c4a');
  // Homes along the far side of the park.
  const homes: Placement[] = [
    {
      factory: craftsmanHouse,
      style: { ...STYLE_SWEETWATER, wall: '#c9b79a', wallLine: '#b9a688', accent: '#7a8c6e' },
      x: 700,
      ground: 560,
      scale: 0.23,
    },
    { factory: farmhouse, style: STYLE_SILVERWOOD, x: 880, ground: 560, scale: 0.22 },
    {
      factory: cottageHouse,
      style: { ...STYLE_CANYON, wall: '#b8c7c9', wallLine: '#a6b6b8', accent: '#3c5a6b' },
      x: 1060,
      ground: 560,
      scale: 0.27,
    },
    { factory: ranchHouse, style: STYLE_CANYON, x: 1220, ground: 560, scale: 0.22 },
    {
      factory: craftsmanHouse,
      style: { ...STYLE_SWEETWATER, wall: '#6f8799', wallLine: '#627a8b' },
      x: 1410,
      ground: 560,
      scale: 0.22,
    },
  ];
  for (const h of homes) o += translate(h.x, h.ground, h.factory(defs, h.style).svg, h.scale);
  o += shrubRow(690, W, 566, 14, '#5f8d4d', '#4c7640', null, r);
  for (let i = 0; i < 6; i++) o += tree(640 + i * 200 + r() * 40, 600, 110 + r() * 40, TREE_GREEN);
  // Pond with reflections and reeds.
  const water = defs.linear([
    [0, '#a6cde0'],
    [1, '#5f97b4'],
  ]);
  o += ellipse(820, 740, 640, 105, '#7a9a5a');
  o += ellipse(820, 742, 620, 92, water);
  for (let i = 0; i < 7; i++)
    o += rect(420 + i * 120, 712 + (i % 3) * 22, 70 + (i % 2) * 40, 3, '#ffffff', { opacity: 0.45, rx: 1.5 });
  for (let i = 0; i < 10; i++) o += grassTuft(250 + i * 22, 705 + (i % 2) * 6, 46, '#4f7a3c');
  for (let i = 0; i < 8; i++) o += grassTuft(1240 + i * 20, 720 + (i % 2) * 6, 40, '#4f7a3c');
  // Boardwalk path, bench and a few ducks.
  o += path(
    'M0 860 C 300 800, 700 880, 1100 840 S 1500 820, 1600 835 L1600 870 C 1450 860, 1300 880, 1100 880 C 700 915, 300 840, 0 900 Z',
    '#e5d8bb',
  );
  o +=
    rect(1180, 772, 90, 10, C.wood) +
    rect(1180, 752, 90, 8, C.wood) +
    rect(1186, 782, 6, 20, C.slate) +
    rect(1258, 782, 6, 20, C.slate);
  for (const [dx, dy] of [
    [700, 760],
    [745, 770],
    [980, 735],
  ] as const) {
    o +=
      ellipse(dx, dy, 14, 7, '#f5f1e6') +
      circle(dx + 11, dy - 8, 5, '#2f6b52') +
      poly(
        [
          [dx + 15, dy - 8],
          [dx + 22, dy - 6],
          [dx + 15, dy - 5],
        ],
        '#e0a53c',
      );
  }
  o += tree(1480, 880, 300, TREE_GREEN) + conifer(120, 830, 230, TREE_GREEN);
  return { width: W, height: H, defs, body: o };
}

/** Carousel 4: a twilight street with lit windows and street lamps. */
export function carouselTwilightStreet(): Scene {
  const W = 1600;
  const H = 900;
  const defs = new Defs();
  const r = rng(44);
  let o = sky(defs, W, H, 'twilight');
  for (let i = 0; i < 70; i++)
    o += circle(r() * W, r() * 360, 0.8 + r() * 1.4, '#fdf6e3', { opacity: 0.3 + r() * 0.6 });
  o += circle(380, 180, 26, '#f4ead2') + circle(392, 172, 24, '#2a3358', { opacity: 0.9 });
  o += hills(W, 600, 24, 0.3, '#3d4163', H, 1.5);
  o += treeLine(0, W, 628, 42, '#2d3450', r);
  o += lawn(defs, W, 622, H, '#3e5a47', '#2a3f33');
  const dusk = (s: HouseStyle): HouseStyle => tintStyle(s, '#2c3152', 0.48, true);
  const homes: Placement[] = [
    {
      factory: craftsmanHouse,
      style: dusk({ ...STYLE_SWEETWATER, wall: '#9a8b7b', wallLine: '#8a7b6b' }),
      x: 690,
      ground: 690,
      scale: 0.38,
    },
    { factory: ranchHouse, style: dusk(STYLE_CANYON), x: 985, ground: 708, scale: 0.36 },
    { factory: farmhouse, style: dusk(STYLE_SILVERWOOD), x: 1290, ground: 722, scale: 0.42 },
  ];
  const paving = '#6d6b78';
  for (const h of homes) o += placeHouse(defs, h, 800, paving).svg;
  o += street(W, 800, 838, H, { walk: '#5f5f6e', asphalt: '#34363f', dash: '#b9b29a' });
  o +=
    tree(940, 760, 180, darkenTree(TREE_GREEN, '#1c2238', 0.5)) +
    conifer(640, 720, 150, darkenTree(TREE_GREEN, '#1c2238', 0.55));
  for (const x of [620, 1020, 1420]) o += streetLamp(defs, x, 815, 165, true);
  return { width: W, height: H, defs, body: o };
}

// ---------------------------------------------------------------------------
// Model-home exteriors (1500×1000).
// ---------------------------------------------------------------------------

/** Where a placed house ended up, for arranging planting and props around it. */
interface Footprint {
  x: number;
  width: number;
  ground: number;
  doorX: number;
  garageX: number | null;
  garageW: number;
}

interface ExteriorOptions {
  seed: number;
  time: TimeOfDay;
  factory: HouseFactory;
  style: HouseStyle;
  houseWidth: number;
  /** Horizontal offset of the house from center. */
  shift: number;
  trees: TreeColors;
  lawnLight: string;
  lawnDark: string;
  flower: string;
  /** Sky details drawn before the landscape (sun, extra clouds). */
  skyExtras: (defs: Defs) => string;
  /** Foreground planting and props, drawn after the house. */
  foreground: (defs: Defs, r: () => number, f: Footprint) => string;
}

function modelExterior(opt: ExteriorOptions): Scene {
  const W = 1500;
  const H = 1000;
  const defs = new Defs();
  const r = rng(opt.seed);
  const look = SKIES[opt.time];
  let o = sky(defs, W, H, opt.time);
  o += opt.skyExtras(defs);
  for (let i = 0; i < 3; i++)
    o += cloud(
      150 + i * 520 + r() * 200,
      90 + r() * 110,
      160 + r() * 140,
      look.cloud,
      look.cloudOpacity * (0.7 + r() * 0.3),
    );
  o += hills(W, 610, 28, opt.seed, mix('#8aa089', look.haze, 0.5), H, 1.8);
  o += treeLine(0, W, 650, 48, mix(opt.trees.leafDark, look.haze, 0.45), r);
  o += lawn(defs, W, 640, H, opt.lawnLight, opt.lawnDark);
  const model = opt.factory(defs, opt.style);
  const scale = opt.houseWidth / model.width;
  const x = (W - opt.houseWidth) / 2 + opt.shift;
  const ground = 770;
  o += placeHouse(defs, { factory: opt.factory, style: opt.style, x, ground, scale }, 905, C.concrete).svg;
  const f: Footprint = {
    x,
    width: opt.houseWidth,
    ground,
    doorX: x + model.doorX * scale,
    garageX: model.garageX === null ? null : x + model.garageX * scale,
    garageW: model.garageW * scale,
  };
  const gaps: Array<readonly [number, number]> = [[f.doorX - 40, f.doorX + 40]];
  if (f.garageX !== null) gaps.push([f.garageX - f.garageW / 2 - 10, f.garageX + f.garageW / 2 + 10]);
  o += shrubRow(
    x + 6,
    x + opt.houseWidth - 6,
    ground + 8,
    44,
    mix(opt.trees.leaf, '#6f9a58', 0.4),
    opt.trees.leafDark,
    opt.flower,
    r,
    gaps,
  );
  o += street(W, 905, 935, H);
  o += opt.foreground(defs, r, f);
  return { width: W, height: H, defs, body: o };
}

/** A short run of split-rail fence. */
function splitRailFence(x0: number, x1: number, ground: number, color: string): string {
  let o = rect(x0, ground - 46, x1 - x0, 7, color) + rect(x0, ground - 24, x1 - x0, 7, color);
  for (let x = x0; x <= x1; x += 110) o += rect(x - 5, ground - 58, 10, 58, mix(color, '#000000', 0.1));
  return o;
}

/** A rounded landscape boulder. */
function boulder(x: number, ground: number, w: number, fill: string): string {
  return (
    path(
      `M${x - w / 2} ${ground} Q${x - w * 0.45} ${ground - w * 0.5} ${x - w * 0.05} ${ground - w * 0.48} Q${x + w * 0.45} ${ground - w * 0.42} ${x + w / 2} ${ground} Z`,
      fill,
    ) +
    path(`M${x - w * 0.25} ${ground - w * 0.38} Q${x} ${ground - w * 0.5} ${x + w * 0.2} ${ground - w * 0.4}`, 'none', {
      stroke: mix(fill, '#ffffff', 0.3),
      'stroke-width': 3,
    })
  );
}

/** Sweetwater II exterior: two-story craftsman on a bright summer day. */
export function exteriorSweetwater(): Scene {
  return modelExterior({
    seed: 101,
    time: 'day',
    factory: craftsmanHouse,
    style: STYLE_SWEETWATER,
    houseWidth: 900,
    shift: 40,
    trees: TREE_GREEN,
    lawnLight: '#95bd6c',
    lawnDark: '#5f8e45',
    flower: '#f2d15c',
    skyExtras: (defs) => sun(defs, 1380, 90, 34, '#fffbe6', 4, 0.5),
    foreground: (_defs, _r, f) =>
      tree(150, 930, 470, TREE_GREEN) +
      conifer(f.x - 40, f.ground + 10, 260, TREE_GREEN) +
      tree(1420, 905, 330, { ...TREE_GREEN, leaf: '#7aa55a', leafLight: '#9cc276' }) +
      mailbox((f.garageX ?? 0) + f.garageW * 0.75, 902, 52, C.forest),
  });
}

/** Silverwood II exterior: modern farmhouse on a soft autumn morning. */
export function exteriorSilverwood(): Scene {
  return modelExterior({
    seed: 202,
    time: 'overcast',
    factory: farmhouse,
    style: STYLE_SILVERWOOD,
    houseWidth: 900,
    shift: -150,
    trees: TREE_AUTUMN,
    lawnLight: '#a8bd7f',
    lawnDark: '#6e8c55',
    flower: '#f3efe6',
    skyExtras: () => '',
    foreground: (_defs, _r, f) =>
      tree(1170, 760, 300, TREE_AUTUMN) +
      tree(1310, 800, 360, { ...TREE_AUTUMN, leaf: '#d39a45', leafLight: '#e6b865' }) +
      tree(1450, 850, 420, TREE_AUTUMN) +
      splitRailFence(1040, 1500, 890, '#8a6a4f') +
      splitRailFence(-20, f.x + 40, 890, '#8a6a4f') +
      columnTree(60, 860, 240, TREE_GREEN) +
      mailbox(f.doorX + 70, 902, 52, '#262a30'),
  });
}

/** The Canyon exterior: stone-accented ranch in warm late-afternoon light. */
export function exteriorCanyon(): Scene {
  const warm = tintStyle(STYLE_CANYON, '#ffb478', 0.08);
  return modelExterior({
    seed: 303,
    time: 'golden',
    factory: ranchHouse,
    style: warm,
    houseWidth: 1080,
    shift: 70,
    trees: TREE_OLIVE,
    lawnLight: '#b7b877',
    lawnDark: '#7d8c4f',
    flower: '#e39a5c',
    skyExtras: (defs) => sun(defs, 180, 500, 44, '#fff0c4', 5, 0.6),
    foreground: (_defs, r, f) => {
      let o = columnTree(70, 800, 280, TREE_OLIVE) + tree(1440, 930, 420, TREE_OLIVE);
      o += boulder(590, 885, 90, '#a79a86') + boulder(650, 890, 60, '#b9ad98') + boulder(1200, 885, 70, '#a79a86');
      for (let i = 0; i < 6; i++) o += grassTuft(530 + i * 34 + r() * 8, 880 + (i % 2) * 10, 48, '#c9a866');
      for (let i = 0; i < 5; i++) o += grassTuft(1110 + i * 28, 880 + (i % 2) * 8, 44, '#c9a866');
      o += mailbox(f.doorX + 90, 902, 52, C.terracotta);
      return o;
    },
  });
}
