import { fitPriceModel, type Observation, type PriceModel } from "./price-model";

/**
 * The price memory: the courier's recent estimates, so a rate request the courier cannot answer in
 * time (its 10 requests a second spent, slow, paused) is still priced from the courier's own prices.
 * In this process (like the estimate cache), per shop:
 * - by pickup location, destination postal code and package size class (package-size-class.ts): the
 *   latest estimate's price and distance with the time it came; recalled only while younger than the
 *   shop's age limit (Settings, default 15 minutes);
 * - per pickup location: its latest estimates, MODEL_ESTIMATES_PER_LOCATION within MODEL_MAX_AGE_MS,
 *   and the price model fitted on them (price-model.ts), refitted when one arrives.
 * Unlike the estimate cache (one cart's exact request), a remembered price serves every cart of the
 * same size class going to the same postal code. Keys hold a postal code, never an address.
 */

export const PRICE_MEMORY_MAX_AGE_MINUTES_DEFAULT = 15;
/** Most (location, postal code, size class) prices kept; the least recently stored go first. */
export const MAX_REMEMBERED_PRICES = 50_000;
/** Most estimates a location's model is fitted on (the latest). */
export const MODEL_ESTIMATES_PER_LOCATION = 400;
/** Estimates older than this no longer shape the model (prices change). */
export const MODEL_MAX_AGE_MS = 24 * 60 * 60_000;
/** Most pickup locations with a model kept, over all shops; the least recently updated go first. */
export const MAX_MODEL_LOCATIONS = 5_000;

export type PriceKey = { shopDomain: string; locationGid: string; postalCode: string; sizeClass: string };
export type RememberedPrice = { priceDollars: number; distanceMiles: number | null; storedAt: Date };
export type LearnedEstimate = {
  priceDollars: number;
  distanceMiles: number | null;
  /** Centroid miles of the pickup's and the destination's postal codes, when known (else filled in at the fit). */
  centroidMiles: number | null;
};

/** Centroid miles from the location to a postal code, when known (postal-centroids.server.ts). */
export type CentroidMilesTo = (postalCode: string) => number | null;

/** The key of a remembered price: the postal code's first five digits. */
export function priceKeyText(key: PriceKey): string {
  return [key.shopDomain, key.locationGid, key.postalCode.trim().slice(0, 5), key.sizeClass].join("|");
}

type Timed = Observation & { at: number; postalCode: string };

export function createPriceMemory({
  clock,
  maxEntries = MAX_REMEMBERED_PRICES,
}: {
  clock: () => Date;
  maxEntries?: number;
}) {
  const prices = new Map<string, { priceDollars: number; distanceMiles: number | null; at: number }>();
  const locations = new Map<string, { estimates: Timed[]; model: PriceModel | null; fitted: boolean }>();
  const locationKey = (key: Pick<PriceKey, "shopDomain" | "locationGid">) => `${key.shopDomain}|${key.locationGid}`;

  return {
    /** Keeps the courier's estimate under its key, and for its location's model. */
    remember(key: PriceKey, estimate: LearnedEstimate): void {
      const at = clock().getTime();
      const text = priceKeyText(key);
      prices.delete(text);
      prices.set(text, { priceDollars: estimate.priceDollars, distanceMiles: estimate.distanceMiles, at });
      while (prices.size > maxEntries) prices.delete(prices.keys().next().value!);
      if (estimate.distanceMiles === null) return;
      const loc = locationKey(key);
      const entry = locations.get(loc) ?? { estimates: [], model: null, fitted: false };
      entry.estimates.push({
        sizeClass: key.sizeClass,
        priceDollars: estimate.priceDollars,
        distanceMiles: estimate.distanceMiles,
        centroidMiles: estimate.centroidMiles,
        at,
        postalCode: key.postalCode,
      });
      if (entry.estimates.length > MODEL_ESTIMATES_PER_LOCATION) entry.estimates.shift();
      entry.fitted = false;
      locations.delete(loc);
      locations.set(loc, entry);
      while (locations.size > MAX_MODEL_LOCATIONS) locations.delete(locations.keys().next().value!);
    },

    /** The price remembered under the key if it is younger than maxAgeMs, else null (and forgotten). */
    recall(key: PriceKey, maxAgeMs: number): RememberedPrice | null {
      const text = priceKeyText(key);
      const entry = prices.get(text);
      if (!entry) return null;
      if (clock().getTime() - entry.at >= maxAgeMs) {
        prices.delete(text);
        return null;
      }
      return { priceDollars: entry.priceDollars, distanceMiles: entry.distanceMiles, storedAt: new Date(entry.at) };
    },

    /**
     * The location's model on its estimates of the last MODEL_MAX_AGE_MS, fitted again only after a
     * new one. Estimates kept before the centroids were known get theirs from `centroidMilesTo`.
     */
    model(key: Pick<PriceKey, "shopDomain" | "locationGid">, centroidMilesTo?: CentroidMilesTo): PriceModel | null {
      const entry = locations.get(locationKey(key));
      if (!entry) return null;
      if (centroidMilesTo) {
        for (const estimate of entry.estimates) {
          if (estimate.centroidMiles !== null) continue;
          estimate.centroidMiles = centroidMilesTo(estimate.postalCode);
          if (estimate.centroidMiles !== null) entry.fitted = false;
        }
      }
      const oldest = clock().getTime() - MODEL_MAX_AGE_MS;
      if (entry.estimates.length > 0 && entry.estimates[0]!.at < oldest) {
        entry.estimates = entry.estimates.filter((e) => e.at >= oldest);
        entry.fitted = false;
      }
      if (!entry.fitted) {
        entry.model = fitPriceModel(entry.estimates);
        entry.fitted = true;
      }
      return entry.model;
    },

    get size() {
      return prices.size;
    },
  };
}

export type PriceMemory = ReturnType<typeof createPriceMemory>;
