import { LRUCache } from "lru-cache";

/**
 * A fixed-window request counter per key (the tracking page's scraping guard). It lives in one
 * process: with several instances each counts its own share, so a client may reach the limit times
 * the number of instances behind a round-robin balancer before every one refuses it.
 */

export type RateDecision = { allowed: true } | { allowed: false; retryAfterS: number };

export type FixedWindowLimiter = { take(key: string): RateDecision };

export function createFixedWindowLimiter(options: {
  limit: number;
  windowMs: number;
  /** Most keys remembered; past it the least recently seen is forgotten (in constant time). */
  maxKeys: number;
  clock: () => number;
}): FixedWindowLimiter {
  const windows = new LRUCache<string, { startedAt: number; count: number }>({ max: options.maxKeys });
  return {
    take(key) {
      const now = options.clock();
      let window = windows.get(key);
      if (!window || now - window.startedAt >= options.windowMs) {
        window = { startedAt: now, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      if (window.count <= options.limit) return { allowed: true };
      return {
        allowed: false,
        retryAfterS: Math.max(1, Math.ceil((window.startedAt + options.windowMs - now) / 1000)),
      };
    },
  };
}
