// The one timing rule of the plain-Node benches: the fastest of several runs (on a shared
// machine the minimum is the least disturbed figure), after one warm-up run.
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
