// The timing rules of the plain-Node benches: the fastest of several runs (on a shared machine
// the minimum is the least disturbed figure), after one warm-up run; and, where two things are
// compared, the median of runs of each taken in turn.
export function best(fn: () => void, runs = 5): number {
  fn();
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

/**
 * How much longer `large` takes than `small`: the median over paired runs (each side the best
 * of a few, the two sides run back to back), so a burst of load on a shared machine lands on
 * both sides of one pair or on one pair only, not on one side of the whole figure.
 */
export function pairedRatio(small: () => void, large: () => void, pairs = 9): number {
  small();
  large();
  const ratios: number[] = [];
  for (let k = 0; k < pairs; k++) {
    const a = best(small, 2);
    const b = best(large, 2);
    ratios.push(b / Math.max(a, 0.05));
  }
  return median(ratios);
}

/** The middle value of `values` (the upper middle of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
}
