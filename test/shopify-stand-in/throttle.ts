/**
 * Shopify's cost-based leaky bucket, one per shop (Shopify keeps one per app and shop; the stand-in
 * serves one app). The requested cost is charged before execution, the difference to the actual
 * cost refunded after; points restore continuously at `restoreRate` per second.
 */
export const DEFAULT_MAXIMUM_AVAILABLE = 2000;
export const DEFAULT_RESTORE_RATE = 100;
/** Shopify refuses a single query whose requested cost exceeds this, whatever the bucket holds. */
export const SINGLE_QUERY_MAX_COST = 1000;
export const RATE_LIMITS_DOCUMENTATION = "https://shopify.dev/api/usage/rate-limits";

export type ThrottleOptions = { maximumAvailable?: number; restoreRate?: number };
export type ThrottleStatus = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };

type Bucket = { available: number; at: number };

export class CostBuckets {
  readonly maximumAvailable: number;
  readonly restoreRate: number;
  private readonly buckets = new Map<string, Bucket>();
  /** Shops whose bucket stays empty: every request throttled (tests of the app under Shopify's throttling). */
  private readonly held = new Set<string>();

  constructor(
    options: ThrottleOptions,
    private readonly clock: () => Date,
  ) {
    this.maximumAvailable = options.maximumAvailable ?? DEFAULT_MAXIMUM_AVAILABLE;
    this.restoreRate = options.restoreRate ?? DEFAULT_RESTORE_RATE;
  }

  private bucket(shop: string): Bucket {
    const now = this.clock().getTime();
    const bucket = this.buckets.get(shop) ?? { available: this.maximumAvailable, at: now };
    const elapsedS = Math.max(0, now - bucket.at) / 1000;
    bucket.available = this.held.has(shop)
      ? 0
      : Math.min(this.maximumAvailable, bucket.available + elapsedS * this.restoreRate);
    bucket.at = now;
    this.buckets.set(shop, bucket);
    return bucket;
  }

  status(shop: string): ThrottleStatus {
    const { available } = this.bucket(shop);
    return {
      maximumAvailable: this.maximumAvailable,
      currentlyAvailable: Math.floor(available),
      restoreRate: this.restoreRate,
    };
  }

  /** Takes `cost` points if the bucket holds them; false means the request is throttled. */
  tryCharge(shop: string, cost: number): boolean {
    const bucket = this.bucket(shop);
    if (bucket.available < cost) return false;
    bucket.available -= cost;
    return true;
  }

  refund(shop: string, points: number): void {
    const bucket = this.bucket(shop);
    bucket.available = Math.min(this.maximumAvailable, bucket.available + points);
  }

  /** For tests: empties the shop's bucket and keeps it empty (`false`: restoring again from empty). */
  holdEmpty(shop: string, held = true): void {
    if (held) this.held.add(shop);
    else this.held.delete(shop);
    this.buckets.set(shop, { available: 0, at: this.clock().getTime() });
  }

  /** For tests: start from a partly drained bucket. */
  setAvailable(shop: string, points: number): void {
    this.buckets.set(shop, { available: Math.min(this.maximumAvailable, points), at: this.clock().getTime() });
  }
}
