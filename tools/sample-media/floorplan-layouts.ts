/**
 * The room layouts of every floor plan, per level, in feet (x to the east, y to the south; the street is south).
 * Rooms that carry facts (bedrooms, baths, study, garage) are given by kind, not by name: their labels, the
 * garage's cars and doors and the stair labels are drawn from the plan's facts (floorplans.ts), which also
 * checks each layout against those facts before drawing it.
 */
import type { PlanLevel } from '../../src/content/index.js';
import type { DoorDef, Dir, Fixtures, Segment } from './floorplan-pen.js';

type Level = PlanLevel['level'];

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface RoomPlacement extends Rect {
  /** Print "W′×H′" under the label. */
  dims?: boolean;
  /** Label offset in feet, to keep it clear of fixtures. */
  dx?: number;
  dy?: number;
}

export type LayoutRoom = RoomPlacement &
  (
    | { kind: 'owners-suite' | 'bedroom' | 'owners-bath' | 'bath' | 'powder' | 'study' }
    /** The overhead doors go in the `door` wall; cars and doors follow the plan's garage bays. */
    | { kind: 'garage'; door: Dir }
    /** Any other room, by name; `unfinished` ones do not count toward the finished area. */
    | { kind: 'room' | 'unfinished'; name: string }
  );

export type GarageRoom = Extract<LayoutRoom, { kind: 'garage' }>;

export interface LevelLayout {
  /** The level's exterior walls (garage included), in feet. */
  outline: ReadonlyArray<readonly [number, number]>;
  rooms: LayoutRoom[];
  /** Walls left out between open rooms. */
  openings: Segment[];
  doors: DoorDef[];
  windows: Segment[];
  sliders?: Segment[];
  /** Stair runs and the level each one reaches; the UP/DN label follows from the levels. */
  stairs?: Array<Rect & { dir: Dir; to: Level }>;
  fixtures: (fx: Fixtures) => string;
  /** Porches and patios, outside the walls. */
  outdoor: Array<Rect & { name: string }>;
  /** Outlines of what lies beyond this level (e.g. the unexcavated area under a garage), drawn faintly. */
  beyond?: Array<Rect & { name: string }>;
}

/** The Canyon: a single-level ranch, garage to the left of a split-bedroom plan. */
const canyonMain: LevelLayout = {
  outline: [
    [22, 0],
    [66, 0],
    [66, 40],
    [0, 40],
    [0, 18],
    [10, 18],
    [10, 10],
    [22, 10],
  ],
  rooms: [
    { kind: 'garage', door: 'S', x: 0, y: 18, w: 22, h: 22, dims: true, dy: -8.2 },
    { kind: 'room', name: 'Laundry', x: 10, y: 10, w: 12, h: 8, dy: 1.2 },
    { kind: 'room', name: 'Dining', x: 22, y: 0, w: 14, h: 12, dims: true, dy: 3.6 },
    { kind: 'room', name: 'Kitchen', x: 22, y: 12, w: 14, h: 14, dims: true, dx: 1.5, dy: 3.8 },
    { kind: 'bedroom', x: 22, y: 26, w: 14, h: 14, dims: true, dx: 0.5, dy: 3.6 },
    { kind: 'room', name: 'Great Room', x: 36, y: 0, w: 16, h: 22, dims: true, dx: 1.5, dy: 1 },
    { kind: 'room', name: 'Hall', x: 36, y: 22, w: 7, h: 8 },
    { kind: 'bath', x: 36, y: 30, w: 7, h: 10, dx: -1, dy: 0.2 },
    { kind: 'room', name: 'Foyer', x: 43, y: 22, w: 9, h: 18, dy: 2 },
    { kind: 'owners-suite', x: 52, y: 0, w: 14, h: 15, dims: true, dx: 1, dy: 3.4 },
    { kind: 'room', name: 'Closet', x: 52, y: 15, w: 5, h: 11, dy: 1 },
    { kind: 'owners-bath', x: 57, y: 15, w: 9, h: 11, dy: -1.9 },
    { kind: 'bedroom', x: 52, y: 26, w: 14, h: 14, dims: true, dx: 0.5, dy: 3.6 },
  ],
  openings: [
    [22.6, 12, 35.4, 12],
    [36, 1, 36, 21],
    [36.6, 22, 42.4, 22],
    [43, 22.6, 43, 29.4],
    [43.6, 22, 51.4, 22],
  ],
  doors: [
    { x: 45.4, y: 40, w: 3.2, along: 'E', swing: 'N' },
    { x: 14, y: 18, w: 2.8, along: 'E', swing: 'N' },
    { x: 22, y: 12.6, w: 2.8, along: 'S', swing: 'W' },
    { x: 52, y: 11.5, w: 3, along: 'S', swing: 'E' },
    { x: 53.2, y: 15, w: 2.6, along: 'E', swing: 'S' },
    { x: 57.6, y: 15, w: 2.6, along: 'E', swing: 'S' },
    { x: 36, y: 26.6, w: 2.8, along: 'S', swing: 'W' },
    { x: 40.2, y: 30, w: 2.6, along: 'E', swing: 'S' },
    { x: 52, y: 27, w: 2.8, along: 'S', swing: 'E' },
  ],
  windows: [
    [39, 0, 49, 0],
    [56, 0, 62, 0],
    [66, 3, 66, 11],
    [66, 29, 66, 37],
    [25.5, 40, 32.5, 40],
    [55.5, 40, 62.5, 40],
    [22, 2, 22, 9],
    [0, 25, 0, 29],
  ],
  sliders: [[25, 0, 33, 0]],
  fixtures: (fx) =>
    fx.counter(22, 14.8, 2.2, 11) +
    fx.range(22, 18) +
    fx.fridge(22.1, 23.2) +
    fx.counter(27, 15.4, 6, 3.4) +
    fx.sink(28.7, 16.3) +
    fx.table(29, 4.8, 6, 3.4, 3) +
    fx.fireplace(49.8, 2.5, 2.2, 6) +
    fx.sofaSide(38.4, 2.5, 3.2, 8, 'W') +
    fx.box(43, 4.5, 3, 4, { stroke: '#9aa2ad', rx: 4 }) +
    fx.washerDryer(10.4, 10.4) +
    fx.counter(16.4, 10.2, 5.4, 2) +
    fx.bed(55.5, 0.6, 7, 7.5, 'N') +
    fx.closetRod(52.6, 16, 52.6, 25.4) +
    fx.closetRod(56.4, 18.5, 56.4, 25.4) +
    fx.toilet(57.2, 20.2, 'E') +
    fx.shower(57.2, 22.2, 3.6, 3.6) +
    fx.vanity(63.8, 19.5, 2, 6.3, 2) +
    fx.bed(26.5, 26.4, 6, 7, 'N') +
    fx.closetRod(22.6, 27, 22.6, 39) +
    fx.toilet(36, 32.6, 'E') +
    fx.vanity(40.8, 33.4, 2, 3.4, 1) +
    fx.tub(36.2, 37.3, 6.6, 2.5) +
    fx.bed(57.5, 26.4, 6, 7, 'N') +
    fx.closetRod(65.4, 27, 65.4, 39),
  outdoor: [
    { name: 'Covered Patio', x: 23, y: -8, w: 12, h: 8 },
    { name: 'Front Porch', x: 42, y: 40, w: 11, h: 5 },
  ],
};

/** Sweetwater II, main level: great room and kitchen at the back, dining, foyer and study at the front. */
const sweetwaterMain: LevelLayout = {
  outline: [
    [0, 0],
    [35, 0],
    [35, 13],
    [57, 13],
    [57, 35],
    [0, 35],
  ],
  rooms: [
    { kind: 'room', name: 'Great Room', x: 0, y: 0, w: 18, h: 20, dims: true, dx: 1.5, dy: 3 },
    { kind: 'room', name: 'Kitchen', x: 18, y: 0, w: 17, h: 14, dims: true, dy: 3.7 },
    { kind: 'room', name: 'Pantry', x: 18, y: 14, w: 5, h: 6, dy: 0.5 },
    { kind: 'room', name: 'Mud Room', x: 23, y: 14, w: 12, h: 6, dy: -0.5 },
    { kind: 'room', name: 'Dining', x: 0, y: 20, w: 12, h: 15, dims: true, dy: 4 },
    { kind: 'room', name: 'Foyer', x: 12, y: 20, w: 12, h: 15, dx: 2.5, dy: 3 },
    { kind: 'room', name: '', x: 24, y: 20, w: 4, h: 6 },
    { kind: 'powder', x: 28, y: 20, w: 7, h: 6, dx: 0.3, dy: 2.2 },
    { kind: 'study', x: 24, y: 26, w: 11, h: 9, dims: true, dy: 1.6 },
    { kind: 'garage', door: 'S', x: 35, y: 13, w: 22, h: 22, dims: true, dy: -8.2 },
  ],
  openings: [
    [18, 1, 18, 13.4],
    [1, 20, 11.4, 20],
    [15.6, 20, 17.4, 20],
    [24.6, 14, 28.4, 14],
    [24.6, 20, 27.4, 20],
    [24, 20.6, 24, 25.4],
  ],
  doors: [
    { x: 17.2, y: 35, w: 3.2, along: 'E', swing: 'N' },
    { x: 35, y: 15, w: 2.8, along: 'S', swing: 'W' },
    { x: 19.2, y: 14, w: 2.6, along: 'E', swing: 'S' },
    { x: 28, y: 23.2, w: 2.6, along: 'S', swing: 'E' },
    { x: 25, y: 26, w: 2.8, along: 'E', swing: 'S' },
  ],
  windows: [
    [21, 0, 28, 0],
    [0, 2, 0, 6],
    [0, 14, 0, 18],
    [0, 23, 0, 31],
    [3, 35, 9, 35],
    [27, 35, 32, 35],
    [35, 3, 35, 10],
    [57, 20, 57, 24],
  ],
  sliders: [[5, 0, 13, 0]],
  stairs: [{ x: 12, y: 21, w: 3.5, h: 12, dir: 'N', to: 'upper' }],
  fixtures: (fx) =>
    fx.fireplace(0, 7, 2.2, 6) +
    fx.sofaSide(9.5, 5, 3.2, 8, 'E') +
    fx.box(5, 7.5, 2.8, 3.2, { stroke: '#9aa2ad', rx: 4 }) +
    fx.counter(18.6, 0.2, 16.2, 2.2) +
    fx.sink(23, 0.5) +
    fx.range(28.8, 0.2) +
    fx.counter(32.6, 2.4, 2.2, 6) +
    fx.fridge(32.2, 8.6) +
    fx.counter(21.5, 5.4, 8, 3.4) +
    fx.shelves(18.2, 14.2, 1.4, 5.6) +
    fx.counter(23.2, 18, 8, 1.8) +
    fx.closetRod(23.8, 19, 30.6, 19) +
    fx.table(6, 27, 6, 3.4, 3) +
    fx.toilet(34.8, 22.6, 'W') +
    fx.vanity(28.2, 20.2, 3.2, 1.8, 1) +
    fx.desk(29, 26.4, 5, 2.2),
  outdoor: [
    { name: 'Patio', x: 2, y: -9, w: 14, h: 9 },
    { name: 'Covered Front Porch', x: 0, y: 35, w: 24, h: 6 },
  ],
};

/** Sweetwater II, upper level: owner's suite at the back, three bedrooms and a flex room. */
const sweetwaterUpper: LevelLayout = {
  outline: [
    [0, 0],
    [35, 0],
    [35, 35],
    [0, 35],
  ],
  rooms: [
    { kind: 'owners-suite', x: 0, y: 0, w: 14, h: 16, dims: true, dy: 3 },
    { kind: 'owners-bath', x: 14, y: 0, w: 9, h: 9, dy: 0.6 },
    { kind: 'room', name: 'Closet', x: 14, y: 9, w: 4, h: 7, dx: 0.2, dy: 2.4 },
    { kind: 'room', name: 'Laundry', x: 18, y: 9, w: 5, h: 7, dy: 2.9 },
    { kind: 'bedroom', x: 23, y: 0, w: 12, h: 12, dims: true, dy: 3.4 },
    { kind: 'room', name: '', x: 23, y: 12, w: 5, h: 9 },
    { kind: 'bath', x: 28, y: 12, w: 7, h: 9, dx: -1, dy: 0.8 },
    { kind: 'room', name: 'Hall', x: 0, y: 16, w: 23, h: 5, dx: -3 },
    { kind: 'bedroom', x: 0, y: 21, w: 12, h: 14, dims: true, dy: 4.4 },
    { kind: 'room', name: 'Flex Room', x: 15.5, y: 21, w: 9.5, h: 14, dy: 1.5 },
    { kind: 'bedroom', x: 25, y: 21, w: 10, h: 14, dims: true, dy: 4.4 },
    { kind: 'room', name: '', x: 12, y: 33, w: 3.5, h: 2 },
  ],
  openings: [
    [16, 21, 24.4, 21],
    [23, 16.6, 23, 20.4],
  ],
  doors: [
    { x: 10, y: 16, w: 2.8, along: 'E', swing: 'N' },
    { x: 14, y: 6, w: 2.6, along: 'S', swing: 'E' },
    { x: 14, y: 10, w: 2.6, along: 'S', swing: 'E' },
    { x: 19.2, y: 16, w: 2.6, along: 'E', swing: 'S' },
    { x: 23.6, y: 12, w: 2.8, along: 'E', swing: 'N' },
    { x: 28, y: 13.2, w: 2.6, along: 'S', swing: 'E' },
    { x: 9, y: 21, w: 2.8, along: 'W', swing: 'S' },
    { x: 25.2, y: 21, w: 2.6, along: 'E', swing: 'S' },
  ],
  windows: [
    [3, 0, 11, 0],
    [0, 4, 0, 12],
    [17, 0, 20, 0],
    [26, 0, 32, 0],
    [35, 3, 35, 10],
    [35, 14, 35, 17],
    [0, 25, 0, 31],
    [3, 35, 9, 35],
    [17, 35, 23, 35],
    [27, 35, 33, 35],
    [35, 25, 35, 31],
  ],
  stairs: [{ x: 12, y: 21, w: 3.5, h: 12, dir: 'S', to: 'main' }],
  fixtures: (fx) =>
    fx.bed(3, 0.6, 7, 7.5, 'N') +
    fx.shower(14.2, 0.2, 3.6, 3.6) +
    fx.vanity(18.4, 0.2, 4.4, 2, 2) +
    fx.toilet(22.8, 7.2, 'W') +
    fx.closetRod(17.4, 9.6, 17.4, 13.4) +
    fx.washerDryer(20.3, 9.3, true) +
    fx.bed(27, 1, 7.5, 6, 'E') +
    fx.closetRod(23.6, 11.4, 26.5, 11.4) +
    fx.vanity(31, 12.2, 3.8, 1.6, 1) +
    fx.toilet(34.8, 16, 'W') +
    fx.tub(28.2, 18.2, 6.6, 2.6) +
    fx.bed(0.4, 24, 7.5, 6, 'W') +
    fx.closetRod(0.6, 21.6, 8, 21.6) +
    fx.sofa(17, 31, 7, 3.2) +
    fx.bed(27, 24, 7.5, 6, 'E') +
    fx.closetRod(28.6, 21.6, 34.4, 21.6),
  outdoor: [],
  beyond: [{ name: 'Garage roof below', x: 35, y: 13, w: 22, h: 22 }],
};

/** Silverwood II, main level: owner's suite, study and the kitchen-dining-great room across the back. */
const silverwoodMain: LevelLayout = {
  outline: [
    [0, 0],
    [40, 0],
    [40, 14],
    [62, 14],
    [62, 36],
    [0, 36],
  ],
  rooms: [
    { kind: 'owners-suite', x: 0, y: 0, w: 14, h: 16, dims: true, dy: 3 },
    { kind: 'owners-bath', x: 0, y: 16, w: 10, h: 8, dx: 1.2, dy: -0.1 },
    { kind: 'room', name: 'Closet', x: 10, y: 16, w: 4, h: 8, dy: 2.6 },
    { kind: 'study', x: 0, y: 24, w: 14, h: 12, dims: true, dy: 2.5 },
    { kind: 'room', name: 'Great Room', x: 14, y: 0, w: 14, h: 17, dims: true, dy: 4 },
    { kind: 'room', name: 'Foyer', x: 14, y: 17, w: 14, h: 19, dx: -2.4, dy: 2 },
    { kind: 'room', name: 'Kitchen', x: 28, y: 0, w: 12, h: 14, dims: true, dy: 4.2 },
    { kind: 'room', name: 'Dining', x: 28, y: 14, w: 12, h: 10, dims: true, dy: 3.3 },
    { kind: 'room', name: 'Mud Room', x: 28, y: 24, w: 12, h: 6, dx: 1, dy: 0.2 },
    { kind: 'powder', x: 28, y: 30, w: 5, h: 6, dy: 0.2 },
    { kind: 'room', name: 'Laundry', x: 33, y: 30, w: 7, h: 6, dx: -1.3, dy: 1.2 },
    { kind: 'garage', door: 'S', x: 40, y: 14, w: 22, h: 22, dims: true, dy: -8.2 },
  ],
  openings: [
    [28, 1, 28, 13],
    [28, 14.6, 28, 16.4],
    [14.6, 17, 23.6, 17],
    [28.6, 14, 39.4, 14],
    [29, 24, 38, 24],
  ],
  doors: [
    { x: 17, y: 36, w: 3.2, along: 'E', swing: 'N' },
    { x: 14, y: 12.8, w: 2.8, along: 'N', swing: 'W' },
    { x: 6.8, y: 16, w: 2.6, along: 'E', swing: 'S' },
    { x: 10.6, y: 16, w: 2.4, along: 'E', swing: 'S' },
    { x: 14, y: 27, w: 2.8, along: 'S', swing: 'W' },
    { x: 40, y: 25.4, w: 2.8, along: 'S', swing: 'W' },
    { x: 29.4, y: 30, w: 2.4, along: 'E', swing: 'S' },
    { x: 33.6, y: 30, w: 2.6, along: 'E', swing: 'S' },
  ],
  windows: [
    [3, 0, 11, 0],
    [0, 4, 0, 12],
    [0, 20.5, 0, 23.5],
    [0, 27, 0, 33],
    [3, 36, 11, 36],
    [31, 0, 37, 0],
    [40, 3, 40, 11],
    [23, 36, 26, 36],
    [29.5, 36, 31.5, 36],
  ],
  sliders: [[17, 0, 25, 0]],
  stairs: [{ x: 24.5, y: 21, w: 3.5, h: 12, dir: 'N', to: 'upper' }],
  fixtures: (fx) =>
    fx.bed(3.5, 0.6, 7, 7.5, 'N') +
    fx.vanity(0.2, 16.2, 6.2, 1.8, 2) +
    fx.shower(0.2, 20.2, 3.6, 3.6) +
    fx.toilet(9.8, 22, 'W') +
    fx.closetRod(13.4, 16.6, 13.4, 23.4) +
    fx.desk(4, 24.4, 6, 2.2) +
    fx.fireplace(14, 4, 2.2, 6) +
    fx.sofaSide(22.5, 3.5, 3.2, 8, 'E') +
    fx.box(18.5, 5.5, 2.8, 3.2, { stroke: '#9aa2ad', rx: 4 }) +
    fx.counter(28.6, 0.2, 11.2, 2.2) +
    fx.sink(33, 0.5) +
    fx.counter(37.6, 2.4, 2.2, 5) +
    fx.range(37.4, 3.2) +
    fx.fridge(37.2, 8) +
    fx.counter(30, 4.4, 5, 3.2) +
    fx.table(34, 18.1, 6, 3.4, 3) +
    fx.counter(28.2, 24.2, 1.8, 5.6) +
    fx.toilet(28, 34.5, 'E') +
    fx.vanity(31.2, 33.6, 1.8, 2.2, 1) +
    fx.washerDryer(37.3, 30.4, true),
  outdoor: [
    { name: 'Covered Patio', x: 15, y: -8, w: 12, h: 8 },
    { name: 'Front Porch', x: 12, y: 36, w: 15, h: 5 },
  ],
};

/** Silverwood II, upper level over the front of the house: two bedrooms, a bath and a loft. */
const silverwoodUpper: LevelLayout = {
  outline: [
    [0, 17.5],
    [40, 17.5],
    [40, 36],
    [0, 36],
  ],
  rooms: [
    { kind: 'room', name: 'Linen', x: 0, y: 17.5, w: 4, h: 6.5 },
    { kind: 'bath', x: 4, y: 17.5, w: 9, h: 6.5, dx: -2.9, dy: 0.15 },
    { kind: 'bedroom', x: 0, y: 24, w: 13, h: 12, dims: true, dy: 3.5 },
    { kind: 'room', name: 'Hall', x: 13, y: 17.5, w: 21, h: 3.5, dx: -4, dy: 0.5 },
    { kind: 'room', name: 'Loft', x: 13, y: 21, w: 11.5, h: 15, dy: 2 },
    { kind: 'room', name: '', x: 24.5, y: 33, w: 3.5, h: 3 },
    { kind: 'bedroom', x: 28, y: 21, w: 12, h: 15, dims: true, dy: -2 },
    { kind: 'room', name: 'Closet', x: 34, y: 17.5, w: 6, h: 3.5, dy: 0.5 },
  ],
  openings: [[13.6, 21, 24, 21]],
  doors: [
    { x: 13, y: 18, w: 2.6, along: 'S', swing: 'W' },
    { x: 13, y: 25, w: 2.8, along: 'S', swing: 'W' },
    { x: 0.8, y: 24, w: 2.4, along: 'E', swing: 'N' },
    { x: 29, y: 21, w: 2.8, along: 'E', swing: 'S' },
    { x: 37.2, y: 21, w: 2.6, along: 'E', swing: 'S' },
  ],
  windows: [
    [0, 27, 0, 33],
    [3, 36, 10, 36],
    [15, 36, 22, 36],
    [31, 36, 37, 36],
    [40, 25, 40, 32],
    [7, 17.5, 10, 17.5],
  ],
  stairs: [{ x: 24.5, y: 21, w: 3.5, h: 12, dir: 'S', to: 'main' }],
  fixtures: (fx) =>
    fx.shelves(0.2, 17.7, 1.4, 4.8) +
    fx.tub(4.2, 21.2, 6.2, 2.6) +
    fx.toilet(8.6, 17.5, 'S') +
    fx.vanity(4.2, 17.7, 3, 1.6, 1) +
    fx.bed(0.4, 25, 7.5, 6, 'W') +
    fx.sofa(15, 32, 7.5, 3.2) +
    fx.box(16.5, 27.5, 4.5, 2.4, { stroke: '#9aa2ad', rx: 4 }) +
    fx.bed(32, 28.5, 7.5, 6, 'E') +
    fx.closetRod(34.6, 20.4, 39.4, 20.4),
  outdoor: [],
  beyond: [
    { name: 'Roof below', x: 0, y: 0, w: 40, h: 17.5 },
    { name: 'Garage roof below', x: 40, y: 14, w: 22, h: 22 },
  ],
};

/** Overlook, main level: a ranch with the owner's wing to the east, study at the front, stairs down. */
const overlookMain: LevelLayout = {
  outline: [
    [32, 0],
    [78, 0],
    [78, 43],
    [0, 43],
    [0, 20],
    [32, 20],
  ],
  rooms: [
    { kind: 'garage', door: 'S', x: 0, y: 20, w: 32, h: 23, dims: true, dy: -9.5 },
    { kind: 'room', name: 'Dining', x: 32, y: 0, w: 13, h: 12, dims: true, dy: 3.6 },
    { kind: 'room', name: 'Kitchen', x: 32, y: 12, w: 13, h: 13, dims: true, dx: 1.6, dy: 3.6 },
    { kind: 'room', name: 'Laundry', x: 32, y: 25, w: 8, h: 6, dy: -1 },
    { kind: 'room', name: 'Pantry', x: 40, y: 25, w: 5, h: 6, dy: 1.4 },
    { kind: 'study', x: 32, y: 31, w: 13, h: 12, dims: true, dy: 2.5 },
    { kind: 'room', name: 'Great Room', x: 45, y: 0, w: 17, h: 22, dims: true, dx: 1.2, dy: 1.4 },
    { kind: 'room', name: 'Hall', x: 45, y: 22, w: 25, h: 9, dx: 6, dy: 3 },
    { kind: 'room', name: 'Foyer', x: 45, y: 31, w: 9, h: 12, dy: 1 },
    { kind: 'bedroom', x: 54, y: 31, w: 12, h: 12, dims: true, dy: 3.5 },
    { kind: 'bedroom', x: 66, y: 31, w: 12, h: 12, dims: true, dy: 3.5 },
    { kind: 'bath', x: 70, y: 22, w: 8, h: 9, dx: 0.4, dy: -0.9 },
    { kind: 'owners-suite', x: 62, y: 0, w: 16, h: 14, dims: true, dy: 3 },
    { kind: 'room', name: 'Closet', x: 62, y: 14, w: 6, h: 8, dy: 2.2 },
    { kind: 'owners-bath', x: 68, y: 14, w: 10, h: 8, dy: -0.2 },
  ],
  openings: [
    [32.6, 12, 44.4, 12],
    [45, 1, 45, 21.4],
    [45, 22.6, 45, 24.4],
    [45.6, 22, 61.4, 22],
    [45.6, 31, 53.4, 31],
    [36.4, 25, 39.4, 25],
  ],
  doors: [
    { x: 48, y: 43, w: 3.2, along: 'E', swing: 'N' },
    { x: 32, y: 26, w: 2.8, along: 'S', swing: 'W' },
    { x: 41.2, y: 25, w: 2.6, along: 'E', swing: 'S' },
    { x: 45, y: 33, w: 2.8, along: 'S', swing: 'W' },
    { x: 56, y: 31, w: 2.8, along: 'E', swing: 'S' },
    { x: 67, y: 31, w: 2.8, along: 'E', swing: 'S' },
    { x: 70, y: 23, w: 2.6, along: 'S', swing: 'E' },
    { x: 62, y: 9, w: 3, along: 'N', swing: 'E' },
    { x: 63, y: 14, w: 2.4, along: 'E', swing: 'S' },
    { x: 74.8, y: 14, w: 2.6, along: 'E', swing: 'S' },
  ],
  windows: [
    [48, 0, 59, 0],
    [66, 0, 74, 0],
    [78, 3, 78, 11],
    [78, 34, 78, 40],
    [57, 43, 63, 43],
    [69, 43, 75, 43],
    [35.5, 43, 41.5, 43],
    [32, 3, 32, 9],
    [0, 28, 0, 33],
    [78, 24, 78, 27],
  ],
  sliders: [[35, 0, 42, 0]],
  stairs: [{ x: 49, y: 22.5, w: 12, h: 3.5, dir: 'E', to: 'lower' }],
  fixtures: (fx) =>
    fx.table(38.5, 5, 6, 3.4, 3) +
    fx.counter(32, 13.6, 2.2, 10.8) +
    fx.range(32, 17) +
    fx.fridge(32.1, 21.6) +
    fx.counter(37, 15, 6, 3.4) +
    fx.sink(38.7, 15.9) +
    fx.washerDryer(32.4, 28.3) +
    fx.shelves(43.2, 25.4, 1.6, 5.4) +
    fx.desk(35.5, 31.4, 6, 2.2) +
    fx.fireplace(59.8, 3, 2.2, 6.5) +
    fx.sofaSide(47.5, 3, 3.2, 8.5, 'W') +
    fx.box(52.5, 5, 3, 4, { stroke: '#9aa2ad', rx: 4 }) +
    fx.bed(59, 31.6, 6, 7, 'N') +
    fx.bed(71, 31.6, 6, 7, 'N') +
    fx.tub(72.6, 22.2, 5.2, 2.6) +
    fx.toilet(77.8, 26.5, 'W') +
    fx.vanity(70.2, 29.2, 4, 1.6, 1) +
    fx.bed(66.5, 0.6, 7, 7.5, 'N') +
    fx.closetRod(62.6, 15, 62.6, 21.4) +
    fx.closetRod(67.4, 16.8, 67.4, 21.4) +
    fx.vanity(68.2, 19.8, 5.8, 2, 2) +
    fx.shower(74.2, 18.2, 3.6, 3.6) +
    fx.toilet(69.2, 14, 'S'),
  outdoor: [
    { name: 'Covered Deck', x: 47, y: -8, w: 14, h: 8 },
    { name: 'Front Porch', x: 45, y: 43, w: 9, h: 5 },
  ],
};

/** Overlook, walk-out lower level: rec room and bedroom open to the back yard; storage and mechanical in front. */
const overlookLower: LevelLayout = {
  outline: [
    [32, 0],
    [78, 0],
    [78, 43],
    [32, 43],
  ],
  rooms: [
    { kind: 'unfinished', name: 'Storage', x: 32, y: 0, w: 13, h: 43, dy: 1 },
    { kind: 'room', name: 'Rec Room', x: 45, y: 0, w: 21, h: 22, dims: true, dy: 1.4 },
    { kind: 'bedroom', x: 66, y: 0, w: 12, h: 14, dims: true, dy: 3.5 },
    { kind: 'room', name: 'Closet', x: 66, y: 14, w: 4, h: 8 },
    { kind: 'bath', x: 70, y: 14, w: 8, h: 8, dx: -0.6, dy: 0.3 },
    { kind: 'room', name: 'Hall', x: 45, y: 22, w: 33, h: 9, dx: 2, dy: 3 },
    { kind: 'room', name: 'Flex Room', x: 66, y: 31, w: 12, h: 12, dims: true, dy: -1.5 },
    { kind: 'unfinished', name: 'Mechanical', x: 45, y: 31, w: 11, h: 12, dy: -1 },
    { kind: 'unfinished', name: 'Storage', x: 56, y: 31, w: 10, h: 12, dy: 1 },
  ],
  openings: [[45.6, 22, 65.4, 22]],
  doors: [
    { x: 66, y: 9, w: 2.8, along: 'N', swing: 'E' },
    { x: 66.6, y: 14, w: 2.4, along: 'E', swing: 'S' },
    { x: 72, y: 22, w: 2.6, along: 'E', swing: 'N' },
    { x: 67.4, y: 31, w: 2.8, along: 'E', swing: 'S' },
    { x: 47, y: 31, w: 2.8, along: 'E', swing: 'S' },
    { x: 60, y: 31, w: 2.8, along: 'E', swing: 'S' },
    { x: 45, y: 26, w: 2.8, along: 'S', swing: 'W' },
  ],
  windows: [
    [46.5, 0, 49.5, 0],
    [60, 0, 64, 0],
    [68.5, 0, 75.5, 0],
    [78, 3, 78, 10],
  ],
  sliders: [[51, 0, 59, 0]],
  stairs: [{ x: 49, y: 22.5, w: 12, h: 3.5, dir: 'W', to: 'main' }],
  fixtures: (fx) =>
    fx.counter(45.2, 2, 2, 12) +
    fx.sink(45.4, 6.2, 1.5, 2.4) +
    fx.sofa(50.5, 4.2, 10, 3.2) +
    fx.box(53, 9, 5, 2.2, { stroke: '#9aa2ad', rx: 4 }) +
    fx.bed(68.5, 0.6, 7, 7.5, 'N') +
    fx.closetRod(66.6, 21.4, 69.4, 21.4) +
    fx.shower(74.6, 14.2, 3.2, 3.2) +
    fx.toilet(70.2, 19.5, 'E') +
    fx.vanity(75, 19.8, 2.8, 2, 1) +
    fx.box(70, 38.5, 6, 3, { stroke: '#9aa2ad', rx: 6 }) +
    fx.furnace(47, 38) +
    fx.shelves(32.2, 0.2, 1.6, 42.6) +
    fx.shelves(64.2, 31.2, 1.6, 11.6),
  outdoor: [{ name: 'Walk-out Patio', x: 47, y: -8, w: 14, h: 8 }],
  beyond: [{ name: 'Unexcavated (under garage)', x: 0, y: 20, w: 32, h: 23 }],
};

export const LAYOUTS: Record<string, Partial<Record<Level, LevelLayout>>> = {
  'sweetwater-ii': { main: sweetwaterMain, upper: sweetwaterUpper },
  'silverwood-ii': { main: silverwoodMain, upper: silverwoodUpper },
  canyon: { main: canyonMain },
  overlook: { main: overlookMain, lower: overlookLower },
};
