/**
 * A value computed again only when what it depends on changed: `keyOf` names those things (a cache generation, a
 * date, content revisions), compared one by one with Object.is. Callers in flight share one computation; a failed
 * one is forgotten, so the next call tries again.
 */
export function memoByKey<T>(keyOf: () => readonly unknown[], compute: () => Promise<T>): () => Promise<T> {
  let stored: { key: readonly unknown[]; value: Promise<T> } | undefined;
  const same = (a: readonly unknown[], b: readonly unknown[]) =>
    a.length === b.length && a.every((item, index) => Object.is(item, b[index]));
  return () => {
    const key = keyOf();
    if (stored && same(stored.key, key)) return stored.value;
    const value = compute();
    const entry = { key, value };
    stored = entry;
    value.catch(() => {
      if (stored === entry) stored = undefined;
    });
    return value;
  };
}
