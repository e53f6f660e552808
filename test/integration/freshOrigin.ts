// Services a test starts in one extension host must never share an origin. The extension
// keys its cached results and its stored quota by origin, so a service on a port the system
// hands out again would find the results and the spent quota of a service closed earlier in
// the run, and a test counting requests would see none.
import type { RunningService } from '../../service/types';

const used = new Set<string>();

/** Starts services with `start` until one is at an origin no earlier one of this host had. */
export async function atFreshOrigin(start: () => Promise<RunningService>): Promise<RunningService> {
  // Reused ones stay open while we ask again, so the system cannot hand the same port back.
  const reused: RunningService[] = [];
  try {
    for (;;) {
      const service = await start();
      if (!used.has(service.baseUrl)) {
        used.add(service.baseUrl);
        return service;
      }
      reused.push(service);
    }
  } finally {
    await Promise.all(reused.map((s) => s.close()));
  }
}
