/**
 * A fixed-window request counter per client key (the tracking page's scraping guard). It lives in
 * one process: with several instances each counts its own share, so a client may reach the limit
 * times the number of instances behind a round-robin balancer before every one refuses it.
 */

export type RateDecision = { allowed: true } | { allowed: false; retryAfterS: number };

export type FixedWindowLimiter = { take(key: string): RateDecision };

export function createFixedWindowLimiter(options: {
  limit: number;
  windowMs: number;
  /** Most keys remembered; past it, windows that have ended are forgotten, then the oldest. */
  maxKeys: number;
  clock: () => number;
}): FixedWindowLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();

  function forgetEnded(now: number) {
    for (const [key, window] of windows) if (now - window.startedAt >= options.windowMs) windows.delete(key);
    // Map order is insertion order: what remains first is the oldest window.
    while (windows.size >= options.maxKeys) windows.delete(windows.keys().next().value!);
  }

  return {
    take(key) {
      const now = options.clock();
      let window = windows.get(key);
      if (!window || now - window.startedAt >= options.windowMs) {
        windows.delete(key);
        if (windows.size >= options.maxKeys) forgetEnded(now);
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
 * The client a request comes from: the first X-Forwarded-For address (set by the app's HTTPS front
 * and, through the app proxy, by Shopify), else the connection's address. A client can send its own
 * X-Forwarded-For to the app's URL; the guard slows scraping, it is not what keeps pages private
 * (the 128-bit tokens are).
 */
export function clientKeyOf(headers: Headers, remoteAddress: string | undefined): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || remoteAddress || "unknown";
}
