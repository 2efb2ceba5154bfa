/**
 * A small seeded random source for generated sample data: the same seed gives the same sequence on every machine
 * and Node version (Math.random cannot be seeded), so a generated community is the same at every start.
 */
export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number;
  /** One of the items (the list must not be empty). */
  pick<T>(items: readonly T[]): T;
  /** A number in [min, max). */
  between(min: number, max: number): number;
}

/** Mulberry32: 32 bits of state, a full period, and good enough spread for picking names and lot statuses. */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    between: (min, max) => min + next() * (max - min),
  };
}

/** A 32-bit seed from text (FNV-1a), so a drawing's trees follow from its community's name. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
