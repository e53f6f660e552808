// The first rows of a sorted view without sorting it: one pass over the selected rows that
// keeps the best `limit` in a bounded heap. A fresh results panel over a million records
// shows its first screen after this one linear pass rather than after a full sort.
// Node only.

/**
 * The first `limit` rows of `mask` in the order of `keys` (ascending, or descending), ties
 * in record order: exactly the start of the fully sorted rows. `keys` holds one number per
 * row (+Infinity sorts last ascending, first descending).
 */
export function firstInOrder(mask: Uint8Array, keys: Float64Array, direction: 'asc' | 'desc', limit: number): Uint32Array {
  const sign = direction === 'asc' ? 1 : -1;
  // A max-heap of the best rows so far: the worst of them on top, to be pushed out.
  const heapKeys = new Float64Array(limit);
  const heapRows = new Uint32Array(limit);
  let size = 0;
  // (key, row) a is worse than b: later in the order. Rows come in increasing order, so a
  // new row ties lose to the rows already kept.
  const worse = (ka: number, ra: number, kb: number, rb: number): boolean => ka > kb || (ka === kb && ra > rb);
  for (let row = 0; row < mask.length; row++) {
    if (!mask[row]) continue;
    const key = sign * (keys[row] as number);
    if (size < limit) {
      // Sift up.
      let i = size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(key, row, heapKeys[parent] as number, heapRows[parent] as number)) break;
        heapKeys[i] = heapKeys[parent] as number;
        heapRows[i] = heapRows[parent] as number;
        i = parent;
      }
      heapKeys[i] = key;
      heapRows[i] = row;
      continue;
    }
    if (limit === 0 || key >= (heapKeys[0] as number)) continue;
    // Replace the worst and sift down.
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= size) break;
      const right = left + 1;
      const child = right < size && worse(heapKeys[right] as number, heapRows[right] as number, heapKeys[left] as number, heapRows[left] as number) ? right : left;
      if (!worse(heapKeys[child] as number, heapRows[child] as number, key, row)) break;
      heapKeys[i] = heapKeys[child] as number;
      heapRows[i] = heapRows[child] as number;
      i = child;
    }
    heapKeys[i] = key;
    heapRows[i] = row;
  }
  const picked = Array.from(heapRows.subarray(0, size));
  const keyOf = new Map<number, number>();
  for (let i = 0; i < size; i++) keyOf.set(heapRows[i] as number, heapKeys[i] as number);
  picked.sort((a, b) => (keyOf.get(a) as number) - (keyOf.get(b) as number) || a - b);
  return Uint32Array.from(picked);
}
