// Waiting between attempts: exponential backoff with crypto jitter, and a sleep that a
// cancellation ends at once. Pure apart from timers.
import { randomInt } from 'node:crypto';
import { LeakSearchError } from '../service/errors';
import { longTimeout } from '../timers';

export const BACKOFF_BASE_MS = 250;
export const BACKOFF_CAP_MS = 8_000;

/**
 * The wait before retry number `retry` (0-based): base · 2^retry, capped, with "equal jitter"
 * (half fixed, half random) so that clients that failed together do not retry together.
 */
export function backoffDelay(retry: number, baseMs = BACKOFF_BASE_MS, capMs = BACKOFF_CAP_MS): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, retry));
  const half = Math.floor(ceiling / 2);
  return half + (half > 0 ? randomInt(0, half + 1) : 0);
}

export function cancelledError(): LeakSearchError {
  return new LeakSearchError('cancelled', 'The search was cancelled.');
}

/** Resolves after `ms` (any length: see timers.ts); rejects with a `cancelled` error as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelledError());
      return;
    }
    const onAbort = (): void => {
      timer.cancel();
      reject(cancelledError());
    };
    const timer = longTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
