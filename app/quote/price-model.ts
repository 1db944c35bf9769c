/**
 * The per-location price model: what the courier charges against distance, per package size class,
 * fitted on the location's recent estimates (price-memory.ts keeps them and refits as they arrive).
 * A new address's road distance is its postal-code centroid distance (postal-centroids.server.ts)
 * times the location's road factor: how much longer the courier's distances have been than the
 * centroid distances of the same estimates. Pure.
 *
 * - A class with estimates at MIN_DISTANCE_SPREAD_MILES or more apart: its own least-squares line.
 * - A class whose estimates all lie at one distance: their mean price, moved by the slope of the
 *   classes that have a line (pooled: the same slope fitted across those classes).
 * - A class with no estimate: the line of the nearest class given as its stand-in (a heavier one);
 *   none, or no slope anywhere: no price (the fallback answers).
 */

export type Observation = {
  sizeClass: string;
  priceDollars: number;
  /** The courier's distance for the estimate. */
  distanceMiles: number;
  /** The centroid distance of its pickup and delivery postal codes; null when either is unknown. */
  centroidMiles: number | null;
};

export type ClassLine = { intercept: number; slope: number; count: number };

export type PriceModel = {
  classes: ReadonlyMap<string, ClassLine>;
  /** Courier distance per centroid mile (median); null while no estimate gives one. */
  roadFactor: number | null;
  observations: number;
};

/** Estimates closer together than this give no slope. */
export const MIN_DISTANCE_SPREAD_MILES = 0.5;
/** Centroid distances below this say little about the road factor (same or neighbouring postal codes). */
export const MIN_CENTROID_MILES_FOR_FACTOR = 1;

type Sums = { n: number; sx: number; sy: number; sxx: number; sxy: number; min: number; max: number };

export function fitPriceModel(observations: readonly Observation[]): PriceModel | null {
  if (observations.length === 0) return null;
  const byClass = new Map<string, Sums>();
  for (const o of observations) {
    const s = byClass.get(o.sizeClass) ?? { n: 0, sx: 0, sy: 0, sxx: 0, sxy: 0, min: Infinity, max: -Infinity };
    s.n += 1;
    s.sx += o.distanceMiles;
    s.sy += o.priceDollars;
    s.sxx += o.distanceMiles * o.distanceMiles;
    s.sxy += o.distanceMiles * o.priceDollars;
    s.min = Math.min(s.min, o.distanceMiles);
    s.max = Math.max(s.max, o.distanceMiles);
    byClass.set(o.sizeClass, s);
  }
  // Within-class spreads, pooled: the common slope of the classes with a spread.
  let pooledSxx = 0;
  let pooledSxy = 0;
  for (const s of byClass.values()) {
    if (s.max - s.min < MIN_DISTANCE_SPREAD_MILES) continue;
    pooledSxx += s.sxx - (s.sx * s.sx) / s.n;
    pooledSxy += s.sxy - (s.sx * s.sy) / s.n;
  }
  const pooledSlope = pooledSxx > 0 ? pooledSxy / pooledSxx : null;
  const classes = new Map<string, ClassLine>();
  for (const [sizeClass, s] of byClass) {
    const meanX = s.sx / s.n;
    const meanY = s.sy / s.n;
    const spread = s.max - s.min >= MIN_DISTANCE_SPREAD_MILES;
    const slope = spread ? (s.sxy - s.sx * meanY) / (s.sxx - s.sx * meanX) : pooledSlope;
    if (slope === null || !Number.isFinite(slope)) continue;
    classes.set(sizeClass, { intercept: meanY - slope * meanX, slope, count: s.n });
  }
  return { classes, roadFactor: roadFactorOf(observations), observations: observations.length };
}

function roadFactorOf(observations: readonly Observation[]): number | null {
  const ratios = observations
    .filter((o) => o.centroidMiles !== null && o.centroidMiles >= MIN_CENTROID_MILES_FOR_FACTOR)
    .map((o) => o.distanceMiles / o.centroidMiles!)
    .sort((a, b) => a - b);
  if (ratios.length === 0) return null;
  const middle = Math.floor(ratios.length / 2);
  return ratios.length % 2 === 1 ? ratios[middle]! : (ratios[middle - 1]! + ratios[middle]!) / 2;
}

/**
 * The model's price for a size class at a centroid distance, with the road distance it assumed;
 * null when the class has no line or the line gives no positive price. Without a road factor yet
 * (every estimate so far within a mile of the pickup), the centroid distance is taken as it is.
 */
export function predictPrice(
  model: PriceModel,
  sizeClass: string,
  centroidMiles: number,
  /** Classes that may stand in for one the model has not seen, nearest first (package-size-class.ts heavierClasses). */
  standIns: readonly string[] = [],
): { priceDollars: number; distanceMiles: number } | null {
  const line = [sizeClass, ...standIns].map((c) => model.classes.get(c)).find((l) => l !== undefined);
  if (!line) return null;
  const distanceMiles = centroidMiles * (model.roadFactor ?? 1);
  const price = line.intercept + line.slope * distanceMiles;
  if (!Number.isFinite(price) || price <= 0) return null;
  return { priceDollars: Math.round(price * 100) / 100, distanceMiles: Math.round(distanceMiles * 100) / 100 };
}
