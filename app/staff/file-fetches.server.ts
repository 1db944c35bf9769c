import { LRUCache } from "lru-cache";
import { createFixedWindowLimiter, type FixedWindowLimiter, type RateDecision } from "~/tracking-page/rate-limit";
import { StaffActionError } from "./errors";
import { FILE_LINK_TTL_MS } from "./file-links.server";

/**
 * What keeps the file links (a tracking page's photo, a label download; reusable, forwardable, no
 * session) from spending a shop's courier budget: each file is fetched from the courier once and
 * then served from memory (a taken photo or a made label never changes); each link and each client
 * has a per-minute limit; a shop has at most a few file fetches at the courier at once, each with a
 * deadline, so interactive fetches never pile up in front of (or behind) the shop's dispatch.
 */

/** Bytes of courier files kept in memory (an image is tens of kilobytes). */
export const FILE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** A cached file is kept no longer than a link to it lives. */
export const FILE_CACHE_TTL_MS = FILE_LINK_TTL_MS;
/** Requests one link may serve a minute (a page shows it once; reloads, a few). */
export const FILE_LINK_REQUESTS_PER_MINUTE = 30;
/** Requests one client may make for files a minute. */
export const FILE_CLIENT_REQUESTS_PER_MINUTE = 120;
/** File fetches one shop may have at the courier at once; more are answered 503 at once. */
export const FILE_FETCHES_PER_SHOP = 2;
/** Longest a file fetch may wait for the courier (its limiter included) before the answer is a 503. */
export const FILE_FETCH_DEADLINE_MS = 8_000;
/** What a 503 asks the browser to wait. */
export const FILE_BUSY_RETRY_AFTER_MS = 5_000;

/** A courier file as the browser gets it. */
export type CourierFile = { bytes: Uint8Array; contentType: string; fileName: string };

const KEYS_KEPT = 50_000;
const WINDOW_MS = 60_000;

export type FileFetches = {
  /** The link's and the client's per-minute limits, both counted. */
  take(linkKey: string, client: string): RateDecision;
  /** The file from memory, or fetched once (`fetch` receives the deadline-bound signal) and kept. */
  file(
    key: { shopDomain: string; shipmentId: string; file: string },
    signal: AbortSignal | undefined,
    fetch: (signal: AbortSignal) => Promise<CourierFile>,
  ): Promise<CourierFile>;
};

export function createFileFetches(options: { clock: () => number; deadlineMs?: number }): FileFetches {
  const cache = new LRUCache<string, CourierFile>({
    maxSize: FILE_CACHE_MAX_BYTES,
    sizeCalculation: (file) => Math.max(1, file.bytes.byteLength),
    ttl: FILE_CACHE_TTL_MS,
  });
  const limiter = (limit: number): FixedWindowLimiter =>
    createFixedWindowLimiter({ limit, windowMs: WINDOW_MS, maxKeys: KEYS_KEPT, clock: options.clock });
  const perLink = limiter(FILE_LINK_REQUESTS_PER_MINUTE);
  const perClient = limiter(FILE_CLIENT_REQUESTS_PER_MINUTE);
  const inFlight = new Map<string, number>();
  const busy = () =>
    new StaffActionError(503, "The courier is busy right now. Try again in a few seconds.", {
      retryAfterMs: FILE_BUSY_RETRY_AFTER_MS,
    });

  return {
    take(linkKey, client) {
      const link = perLink.take(linkKey);
      const byClient = perClient.take(client);
      if (!link.allowed) return link;
      return byClient;
    },
    async file(key, signal, fetch) {
      const cacheKey = `${key.shipmentId}/${key.file}`;
      const cached = cache.get(cacheKey);
      if (cached) return cached;
      const running = inFlight.get(key.shopDomain) ?? 0;
      if (running >= FILE_FETCHES_PER_SHOP) throw busy();
      inFlight.set(key.shopDomain, running + 1);
      const deadline = AbortSignal.timeout(options.deadlineMs ?? FILE_FETCH_DEADLINE_MS);
      try {
        const file = await fetch(signal ? AbortSignal.any([signal, deadline]) : deadline);
        cache.set(cacheKey, file);
        return file;
      } catch (error) {
        if (deadline.aborted && !signal?.aborted) throw busy();
        throw error;
      } finally {
        const left = (inFlight.get(key.shopDomain) ?? 1) - 1;
        if (left > 0) inFlight.set(key.shopDomain, left);
        else inFlight.delete(key.shopDomain);
      }
    },
  };
}
