// Timers for long waits. Node fires a setTimeout of more than 2^31−1 ms (about 24.8 days) at
// once; a wait that long is split into steps below that limit. Pure apart from timers.

/** The longest delay setTimeout honours. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface LongTimer {
  cancel(): void;
}

/**
 * Runs `run` once after `ms` (negative or not a number: at once), in steps of at most
 * `step` ms (default MAX_TIMER_MS), so any delay is honoured.
 */
export function longTimeout(run: () => void, ms: number, step = MAX_TIMER_MS): LongTimer {
  let handle: ReturnType<typeof setTimeout> | undefined;
  const due = Date.now() + (Number.isFinite(ms) ? Math.max(0, ms) : 0);
  const arm = (): void => {
    const left = due - Date.now();
    handle = setTimeout(left > step ? arm : run, Math.max(0, Math.min(left, step)));
  };
  arm();
  return {
    cancel() {
      if (handle !== undefined) clearTimeout(handle);
      handle = undefined;
    },
  };
}
