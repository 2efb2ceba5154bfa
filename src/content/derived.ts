import type { Content } from './schema.js';

const cache = new WeakMap<Content, Map<string, unknown>>();

/**
 * What code computes from content (plan names, slugs, lot shapes, tour rules) computed once per content revision:
 * each publish is a new object, so the value follows it, and an old revision's values go with it.
 */
export function derivedFrom<T>(content: Content, key: string, compute: (content: Content) => T): T {
  let values = cache.get(content);
  if (!values) {
    values = new Map();
    cache.set(content, values);
  }
  if (values.has(key)) return values.get(key) as T;
  const value = compute(content);
  values.set(key, value);
  return value;
}
