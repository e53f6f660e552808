// Fixed-window rate limiting: a window opens with the first request of a key and lasts
// `windowMs`; every request in it counts, those after the limit get 429.

export interface RateLimitConfig {
  readonly limit: number;
  readonly windowMs: number;
}

export interface RateLimitVerdict {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** End of the window, epoch milliseconds. */
  readonly resetAtMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { limit: 1000, windowMs: 3_600_000 };

export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one request for `key` and says whether it may be served. */
  take(key: string, config: RateLimitConfig): RateLimitVerdict {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || now >= w.start + config.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    return {
      allowed: w.count <= config.limit,
      limit: config.limit,
      remaining: Math.max(0, config.limit - w.count),
      resetAtMs: w.start + config.windowMs,
    };
  }

  reset(): void {
    this.windows.clear();
  }
}

/** The three X-RateLimit-* headers (reset in epoch seconds), plus Retry-After when refused. */
export function rateLimitHeaders(v: RateLimitVerdict, nowMs: number): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(v.limit),
    'X-RateLimit-Remaining': String(v.remaining),
    'X-RateLimit-Reset': String(Math.ceil(v.resetAtMs / 1000)),
  };
  if (!v.allowed) headers['Retry-After'] = String(Math.max(1, Math.ceil((v.resetAtMs - nowMs) / 1000)));
  return headers;
}
