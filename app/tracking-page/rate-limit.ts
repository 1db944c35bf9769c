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

/**
 * The address a request comes from. With no trusted proxy (`trustedHops` 0) it is the connection's:
 * a client writes whatever X-Forwarded-For it likes, so the header names nobody. Behind `trustedHops`
 * proxies (each appends the address it was reached from), it is the entry the outermost trusted
 * proxy appended: counted from the right, as entries further left came from the client.
 */
export function clientAddressOf(headers: Headers, remoteAddress: string | undefined, trustedHops: number): string {
  if (trustedHops > 0) {
    const hops = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    const client = hops[Math.max(0, hops.length - trustedHops)];
    if (client) return client;
  }
  return remoteAddress || "unknown";
}
