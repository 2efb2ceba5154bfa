/**
 * Results of a pure computation kept by a string key, at most `limit` of them: when full it is emptied and starts
 * again, which keeps memory bounded without bookkeeping on every hit. For values read again and again with the
 * same inputs (a tour slot's wall clock, its label), where computing costs far more than a Map lookup.
 */
export function boundedMemo<V>(limit: number): (key: string, compute: () => V) => V {
  const kept = new Map<string, V>();
  return (key, compute) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute();
      if (kept.size >= limit) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}
