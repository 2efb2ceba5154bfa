/** Small numeric helpers shared by the measurements. */

/** The middle element of `items` ordered by `key` (the lower middle for an even count). */
export function medianBy<T>(items: readonly T[], key: (item: T) => number): T {
  if (items.length === 0) throw new Error('medianBy: no items');
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Seconds since `startedAt` (a `performance.now()` value), rounded to 0.1 s. */
export function secondsSince(startedAt: number): number {
  return Math.round((performance.now() - startedAt) / 100) / 10;
}
